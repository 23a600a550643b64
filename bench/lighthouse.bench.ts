// Issue 17 benchmark: Lighthouse (mobile, its default simulated throttling) in Debian's Chromium against the
// production server on PGlite with the demo data, for the public pages: landing, /events and an event; and
// (issue 33) the pages a logged-in Pro member opens most: the start page, /events, /messages, /profile and
// /members and an event page, with the demo Pro member's session cookie sent as a header on every request.
// Writes each page's category scores and Web Vitals to bench/results/lighthouse.json.
// `npm run bench -- lighthouse`; BENCH_RUNS=n takes the median of n runs per page (default 1);
// LIGHTHOUSE_PAGES=landing,member picks pages by the first word of their name; BENCH_PORT the server's port.
import { availableParallelism, loadavg } from 'node:os';
import { brotliCompressSync, constants } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startDemoSite } from './lib/demo-site';
import { writeResults } from './lib/results';
import { median } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  sessionTargetType?: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Tries of a page's run when Lighthouse itself fails (NO_NAVSTART, NO_FCP: frequent on a loaded machine). */
const TRIES = 3;

/** One Lighthouse run of a page, tried again when Lighthouse itself fails. */
async function audit(url: string, port: number, cookie?: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port, cookie);
    } catch (err) {
      if (attempt === TRIES) throw err;
      console.warn(`${err instanceof Error ? err.message : err}: once more`);
    }
  }
}

/** The compressed size of a page's inline <style> blocks as a visitor gets it, in kB. */
async function inlineStylesKb(url: string, cookie?: string): Promise<number> {
  const html = await (await fetch(url, { headers: cookie ? { cookie } : {} })).text();
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const compressed = brotliCompressSync(css, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  return Math.round(compressed.length / 1024);
}

/**
 * One Lighthouse run of a page: scores 0–100, metrics in ms (CLS unitless), bytes on the wire. With a
 * session cookie every request of the page carries it (Lighthouse's extraHeaders), as a logged-in browser's.
 */
async function auditOnce(url: string, port: number, cookie?: string) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr: Lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const row: Record<string, number> = {};
  for (const c of CATEGORIES) row[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
  for (const [key, id] of Object.entries(METRICS)) {
    const v = lhr.audits[id]?.numericValue ?? Number.NaN;
    row[key] = key === 'cls' ? Math.round(v * 1000) / 1000 : Math.round(v);
  }
  row.transferKb = Math.round((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024);
  // The transfer goal: the page's own scripts and styles on the wire (not the service worker's
  // precache, which fills the cache in the background after the page has loaded).
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ??
    []) as NetworkRequest[];
  const own = requests.filter((r) => (r.sessionTargetType ?? 'page') === 'page');
  const kb = (types: string[]) =>
    Math.round(
      own.filter((r) => types.includes(r.resourceType ?? '')).reduce((n, r) => n + (r.transferSize ?? 0), 0) /
        1024,
    );
  // The page's styles are inline (server/public-pages/ssr.ts), inside the HTML: counted here as they
  // would travel on their own (brotli at the server's quality 5), so the figure is every script and style.
  row.inlineCssKb = await inlineStylesKb(url, cookie);
  row.jsCssKb = kb(['Script', 'Stylesheet']) + row.inlineCssKb;
  row.imageKb = kb(['Image']);
  if (process.env.BENCH_VERBOSE) {
    const details = (id: string) =>
      ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] })?.items ?? []).slice(0, 12);
    console.log('main thread', JSON.stringify(details('mainthread-work-breakdown')));
    console.log('long tasks', JSON.stringify(details('long-tasks')));
    console.log('bootup', JSON.stringify(details('bootup-time')));
    for (const r of requests)
      console.log(r.sessionTargetType ?? 'page', r.resourceType, r.transferSize, r.url.slice(0, 100));
  }
  return row;
}

// The demo site; the logged-in pages are measured as its Pro member.
const site = await startDemoSite('lighthouse', Number(process.env.BENCH_PORT ?? 5396));
const { server, proCookie: cookie, player } = site;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_ARGS,
});
const rows: Record<string, unknown>[] = [];
const write = (complete: boolean) =>
  writeResults('lighthouse', rows, {
    lighthouse: '12.8.2',
    formFactor: 'mobile, simulated throttling (Lighthouse defaults)',
    runsPerPage: RUNS,
    cpus: availableParallelism(),
    memberServerRender: process.env.MEMBER_SERVER_RENDER !== 'false',
    complete,
  });
try {
  const events = (await (await fetch(`${server.url}/api/events?status=upcoming`)).json()) as { id: number }[];
  const pages: [name: string, path: string, cookie?: string][] = [
    ['landing', '/'],
    ['events', '/events'],
    ['event detail', `/events/${events[0]?.id}`],
    ['member start', '/', cookie],
    ['member events', '/events', cookie],
    ['member messages', '/messages', cookie],
    ['member profile', '/profile', cookie],
    ['member members', '/members', cookie],
    ['member event', `/events/${events[0]?.id}`, cookie],
    // The scoring pages (issue 29): the demo's scored round, its card as one of its players.
    ['member leaderboard', `/events/${player.eventId}/leaderboard`, cookie],
    ['member scorecard', `/events/${player.eventId}/scorecard`, player.cookie],
  ];
  // LIGHTHOUSE_PAGES=landing,events picks pages by their name's first word ('member': the logged-in ones).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  for (const [name, path, session] of pages.filter(([n]) => !only || only.includes(n.split(' ')[0]))) {
    // One run first, not counted: a live site has made its images' AVIF/WebP copies long before (they
    // are made on a page's first visit and kept), and a cold first visit would measure that instead.
    await audit(`${server.url}${path}`, chrome.port, session);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${path}`, chrome.port, session));
    const row: Record<string, unknown> = {
      page: name,
      path,
      loggedIn: !session ? false : session === cookie ? 'Pro member' : 'player',
    };
    for (const key of Object.keys(runs[0])) row[key] = median(runs.map((r) => r[key]));
    // The machine is shared: its 1-minute load average after the page's runs says how far to trust them.
    row.loadAvg1m = Math.round(loadavg()[0] * 10) / 10;
    rows.push(row);
    // What is measured is kept should a later page fail (a run takes minutes on a loaded machine).
    write(false);
  }
} finally {
  await chrome.kill();
  await site.stop();
}
write(true);
