// profile-page.ts's loads: one page in a new browser context on a slowed CPU, watched until it is quiet, with
// its long tasks, milestones, API requests and console, and how they are printed.
import type { Browser, CDPSession, Page } from '@playwright/test';
import { CPU_SLOWDOWN } from '../../e2e/chromium';
import { type CpuProfile, SAMPLING_US } from './cpu-profile';
import { ms } from './stats';

/** A load ends once the page has had no long task and no request for this long… */
const QUIET_MS = 3000;
/** …or this long after it began. */
const MAX_MS = 10_000;
/** A long task's part beyond this blocks input (as in Lighthouse's Total Blocking Time). */
const BLOCKING_FROM_MS = 50;

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

/** One load of a page, times in ms from its navigation's start. */
export interface Load {
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
export async function loadOnce(
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

/** Prints one load: its milestones, its long tasks, its API requests and (with --console) its console. */
export function printLoad(i: number, load: Load, showConsole: boolean) {
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
