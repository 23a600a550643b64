// A diagnosis tool, not a benchmark (not part of `npm run bench`): what keeps a page's main thread busy in
// its first seconds, on a CPU slowed 4×. It starts the built site on a fresh demo database (bench/lib/demo-site.ts),
// loads each path a few times in Debian's Chromium and prints the page's long tasks, its "blocking" figure and
// the API requests it made; --profile adds a CPU profile of each load. See bench/README.md.
import { parseArgs } from 'node:util';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startDemoSite } from './lib/demo-site';
import { median } from './lib/stats';

const USAGE = `Usage: npx tsx bench/profile-page.ts [--member] [--runs N] [--profile] [--console] /path ...

  --member    load the pages as the demo Pro member (pro@singelgolf.test, with a session cookie)
  --runs N    loads per path (default 3; each after one uncounted warm-up load); the median is printed
  --profile   a CPU profile of each load (V8's sampling profiler, every 100 µs): self time per script
              and the top functions; PROFILE_FOCUS=fnName (or a place as printed, /assets/x.js:451:10)
              prints that function's callers and callees
  --console   print the page's console messages and errors

Runs the built site (npm run build): a build with \`npx vite build --minify false\` gives readable function
names in the profile. BENCH_PORT sets the server's port (default 5399).`;

/** How much slower than this machine the page's CPU runs (CDP Emulation.setCPUThrottlingRate). */
const CPU_SLOWDOWN = 4;
/** A load ends once the page has had no long task and no request for this long… */
const QUIET_MS = 3000;
/** …or this long after it began. */
const MAX_MS = 10_000;
/** A long task's part beyond this blocks input (as in Lighthouse's Total Blocking Time). */
const BLOCKING_FROM_MS = 50;
/** The profiler's sampling interval (µs). */
const SAMPLING_US = 100;
/** Functions listed by self time. */
const TOP_FUNCTIONS = 25;

/** One performance entry, as much of it as is read here. */
interface PerfEntry {
  name: string;
  entryType: string;
  startTime: number;
  duration: number;
  responseStart?: number;
  responseEnd?: number;
  responseStatus?: number;
  domContentLoadedEventEnd?: number;
  loadEventEnd?: number;
}

/**
 * What the init script keeps on the page's global object and the browser APIs read there: the bench tsconfig
 * has no DOM lib, and the functions given to the page are typed through this instead.
 */
interface PageGlobals {
  __longTasks: { startTime: number; duration: number }[];
  __lcp: number;
  performance: { getEntriesByType(type: string): PerfEntry[] };
  PerformanceObserver: new (
    callback: (list: { getEntries(): PerfEntry[] }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void };
}

/** V8's CPU profile (CDP Profiler.Profile), the fields read here. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** One load of a page, times in ms from its navigation's start. */
interface Load {
  longTasks: { startTime: number; duration: number }[];
  blockingMs: number;
  firstByteMs: number;
  htmlMs: number;
  fcpMs: number;
  lcpMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  api: { path: string; startTime: number; responseEnd: number; status?: number }[];
  console: string[];
  /** Where the page ended up, when not where it was sent (a redirect). */
  endedAt?: string;
  /** How long the tool watched it. */
  watchedMs: number;
  profile?: CpuProfile;
}

/** Records every long task and the largest contentful paint, from the document's start (runs in the page). */
function observeLongTasks() {
  const g = globalThis as unknown as PageGlobals;
  g.__longTasks = [];
  g.__lcp = 0;
  new g.PerformanceObserver((list) => {
    for (const e of list.getEntries()) g.__longTasks.push({ startTime: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new g.PerformanceObserver((list) => {
    for (const e of list.getEntries()) g.__lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** The page's figures once it is quiet (runs in the page). */
function readFigures() {
  const g = globalThis as unknown as PageGlobals;
  const nav = g.performance.getEntriesByType('navigation')[0];
  return {
    longTasks: g.__longTasks,
    lcpMs: g.__lcp,
    firstByteMs: nav?.responseStart ?? 0,
    htmlMs: nav?.responseEnd ?? 0,
    domContentLoadedMs: nav?.domContentLoadedEventEnd ?? 0,
    loadMs: nav?.loadEventEnd ?? 0,
    fcpMs:
      g.performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ??
      0,
    resources: g.performance.getEntriesByType('resource').map((e) => ({
      name: e.name,
      startTime: e.startTime,
      responseEnd: e.responseEnd ?? 0,
      status: e.responseStatus,
    })),
  };
}

/**
 * Waits until the page has loaded and then had no long task and no request in flight for QUIET_MS, or MAX_MS
 * from `start`; answers how long it watched.
 */
async function waitUntilQuiet(page: Page, start: number): Promise<number> {
  let inFlight = 0;
  let lastActivity = Date.now();
  let loaded = false;
  const begin = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const end = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on('request', begin);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  page.once('load', () => {
    loaded = true;
  });
  let longTasks = 0;
  try {
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const count = await page
        .evaluate(() => (globalThis as unknown as PageGlobals).__longTasks?.length ?? 0)
        .catch(() => longTasks); // the document is being replaced (a redirect): asked again next time
      if (count !== longTasks) {
        longTasks = count;
        lastActivity = Date.now();
      }
      const now = Date.now();
      if (now - start >= MAX_MS) return now - start;
      if (loaded && inFlight <= 0 && now - lastActivity >= QUIET_MS) return now - start;
    }
  } finally {
    page.off('request', begin);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/** Loads a page once in a new browser context (nothing cached) on the slowed CPU and answers its figures. */
async function loadOnce(
  browser: Browser,
  url: string,
  opts: { cookie?: string; profile: boolean },
): Promise<Load> {
  // Lighthouse's mobile screen, so the figures sit next to lighthouse.bench.ts's. The service worker is
  // blocked as in the journeys (playwright.config.ts): it precaches the whole build in the background.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    serviceWorkers: 'block',
  });
  try {
    if (opts.cookie) {
      const at = opts.cookie.indexOf('=');
      await context.addCookies([
        { name: opts.cookie.slice(0, at), value: opts.cookie.slice(at + 1), url, httpOnly: true },
      ]);
    }
    const page = await context.newPage();
    await page.addInitScript(observeLongTasks);
    const messages: string[] = [];
    const start = Date.now();
    page.on('console', (m) => messages.push(`${Date.now() - start} ms ${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => messages.push(`${Date.now() - start} ms page error: ${e.message}`));
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (opts.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
      await cdp.send('Profiler.start');
    }
    // Watched from before the navigation, so the document's own request and its load event count.
    const watching = waitUntilQuiet(page, start);
    await page.goto(url, { waitUntil: 'commit' });
    const watchedMs = await watching;
    const profile = opts.profile ? (await cdp.send('Profiler.stop')).profile : undefined;
    const figures = await page.evaluate(readFigures);
    const origin = new URL(url).origin;
    const api = figures.resources
      .filter((r) => r.name.startsWith(`${origin}/api/`))
      .map((r) => ({ ...r, path: r.name.slice(origin.length) }));
    const longTasks = figures.longTasks.sort((a, b) => a.startTime - b.startTime);
    return {
      ...figures,
      longTasks,
      blockingMs: longTasks.reduce((sum, t) => sum + Math.max(0, t.duration - BLOCKING_FROM_MS), 0),
      api,
      console: messages,
      endedAt: page.url() === url ? undefined : page.url(),
      watchedMs,
      profile,
    };
  } finally {
    await context.close();
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;

/** Prints one load: its milestones, its long tasks, its API requests and (with --console) its console. */
function printLoad(i: number, load: Load, showConsole: boolean) {
  console.log(
    `  load ${i}: blocking ${ms(load.blockingMs)} in ${load.longTasks.length} long tasks (watched ${ms(load.watchedMs)})`,
  );
  console.log(
    `    HTML first byte ${ms(load.firstByteMs)}, received ${ms(load.htmlMs)}, FCP ${ms(load.fcpMs)}, DOMContentLoaded ${ms(load.domContentLoadedMs)}, load ${ms(load.loadMs)}, LCP ${ms(load.lcpMs)}`,
  );
  if (load.endedAt) console.log(`    ended at ${load.endedAt}`);
  for (const t of load.longTasks)
    console.log(`    long task at ${ms(t.startTime).padStart(8)}  ${ms(t.duration).padStart(7)}`);
  // Images (/api/images/…) on one line: the data requests are what the tool is after.
  const images = load.api.filter((r) => r.path.startsWith('/api/images/'));
  if (images.length > 0)
    console.log(
      `    API images: ${images.length}, started ${ms(Math.min(...images.map((r) => r.startTime)))} – ${ms(Math.max(...images.map((r) => r.startTime)))}`,
    );
  for (const r of load.api.filter((r) => !images.includes(r)))
    console.log(
      `    API at ${ms(r.startTime).padStart(8)} → ${ms(r.responseEnd).padStart(8)}  ${r.status ?? ''} ${r.path}`,
    );
  if (showConsole) {
    if (load.console.length === 0) console.log('    console: nothing');
    for (const m of load.console) console.log(`    console ${m}`);
  }
}

type Frame = CpuProfile['nodes'][number]['callFrame'];

/** A function's name for the tables: name, script, line and column (1-based; a minified script is one long line). */
function frameKey(f: Frame, origin: string) {
  const script = f.url.replace(origin, '');
  const name = f.functionName || '(anonymous)';
  return script ? `${name}  ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}` : name;
}

/** Whether a frame is the one PROFILE_FOCUS names: by its function's name, or by its place as the tables print it. */
function isFocus(f: Frame, focus: string, origin: string) {
  return (
    f.functionName === focus || (f.url !== '' && focus.includes(':') && frameKey(f, origin).endsWith(focus))
  );
}

/** Time each node of a profile was on top of the stack (ms); a sample lasts until the next one. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length - 1; i++)
    self.set(samples[i], (self.get(samples[i]) ?? 0) + deltas[i + 1] / 1000);
  return self;
}

/** Adds `ms` to a key's sum. */
function add(sums: Map<string, number>, key: string, ms: number) {
  sums.set(key, (sums.get(key) ?? 0) + ms);
}

/** Prints the largest sums of a table, per load. */
function printTop(title: string, sums: Map<string, number>, loads: number, top: number) {
  console.log(`  ${title}`);
  const rows = [...sums].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [key, sum] of rows) console.log(`    ${ms(sum / loads).padStart(8)}  ${key}`);
}

/** Prints where the profiled loads spent their CPU: per script, the top functions and PROFILE_FOCUS's neighbours. */
function printProfiles(profiles: CpuProfile[], origin: string) {
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const callers = new Map<string, number>();
  const callees = new Map<string, number>();
  const focus = process.env.PROFILE_FOCUS;
  let focusSelf = 0;
  let focusTotal = 0;
  for (const profile of profiles) {
    const self = selfTimes(profile);
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    for (const [id, t] of self) {
      const f = nodes.get(id)?.callFrame;
      if (!f || f.functionName === '(idle)' || f.functionName === '(root)') continue;
      const script = f.url
        ? f.url.replace(origin, '')
        : f.functionName.startsWith('(')
          ? f.functionName
          : '(native)';
      add(byScript, script, t);
      add(byFunction, frameKey(f, origin), t);
    }
    if (!focus) continue;
    // A node's total: its self time and its callees'. Children come after their parents in V8's list.
    const total = new Map<number, number>();
    for (const n of [...profile.nodes].reverse())
      total.set(
        n.id,
        (self.get(n.id) ?? 0) + (n.children ?? []).reduce((s, c) => s + (total.get(c) ?? 0), 0),
      );
    for (const n of profile.nodes) {
      if (!isFocus(n.callFrame, focus, origin)) continue;
      focusSelf += self.get(n.id) ?? 0;
      focusTotal += total.get(n.id) ?? 0;
      const up = nodes.get(parent.get(n.id) ?? -1);
      if (up) add(callers, frameKey(up.callFrame, origin), total.get(n.id) ?? 0);
      for (const c of n.children ?? []) {
        const child = nodes.get(c);
        if (child) add(callees, frameKey(child.callFrame, origin), total.get(c) ?? 0);
      }
    }
  }
  const loads = profiles.length;
  const busy = [...byScript.values()].reduce((s, t) => s + t, 0);
  console.log(`\n  CPU profile: ${ms(busy / loads)} busy per load (not idle), self time per load`);
  printTop('by script:', byScript, loads, 15);
  printTop(`top ${TOP_FUNCTIONS} functions:`, byFunction, loads, TOP_FUNCTIONS);
  if (!focus) return;
  console.log(
    `  ${focus}: self ${ms(focusSelf / loads)}, total ${ms(focusTotal / loads)} per load (recursion counted twice)`,
  );
  if (focusTotal === 0) console.log('    (no function of that name in the profiles)');
  printTop('called by (its total under each caller):', callers, loads, 15);
  printTop('calls (each callee total):', callees, loads, 15);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    member: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    profile: { type: 'boolean', default: false },
    console: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const runs = Number(values.runs);
if (
  values.help ||
  positionals.length === 0 ||
  !Number.isInteger(runs) ||
  runs < 1 ||
  positionals.some((p) => !p.startsWith('/'))
) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

const site = await startDemoSite('profile-page', Number(process.env.BENCH_PORT ?? 5399));
let browser: Browser | undefined;
const summary: { path: string; blockingMs: number; perLoad: string; longTasks: number }[] = [];
try {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const cookie = values.member ? site.proCookie : undefined;
  for (const path of positionals) {
    const url = `${site.server.url}${path}`;
    console.log(
      `\n${path}: ${values.member ? 'the demo Pro member' : 'not logged in'}, CPU ${CPU_SLOWDOWN}× slower, ${runs} loads`,
    );
    // Not counted: a page's first visit makes its images' AVIF/WebP copies, which a live site has long made.
    await loadOnce(browser, url, { cookie, profile: false });
    const loads: Load[] = [];
    for (let i = 1; i <= runs; i++) {
      const load = await loadOnce(browser, url, { cookie, profile: values.profile });
      printLoad(i, load, values.console);
      loads.push(load);
    }
    const blocking = median(loads.map((l) => l.blockingMs));
    console.log(
      `  blocking, median of ${runs}: ${ms(blocking)}${values.profile ? ' (slowed by the profiler)' : ''}`,
    );
    if (values.profile)
      printProfiles(
        loads.flatMap((l) => (l.profile ? [l.profile] : [])),
        site.server.url,
      );
    summary.push({
      path,
      blockingMs: Math.round(blocking),
      perLoad: loads.map((l) => Math.round(l.blockingMs)).join(', '),
      longTasks: median(loads.map((l) => l.longTasks.length)),
    });
  }
} finally {
  await browser?.close();
  await site.stop();
}
console.log();
console.table(summary);
