// A diagnosis tool, not a benchmark (not part of `npm run bench`): what keeps a page's main thread busy in
// its first seconds, on a CPU slowed 4×. It starts the built site on a fresh demo database (bench/lib/demo-site.ts),
// loads each path a few times in Debian's Chromium and prints the page's long tasks, its "blocking" figure and
// the API requests it made; --profile adds a CPU profile of each load. See bench/README.md.
import { parseArgs } from 'node:util';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, CPU_SLOWDOWN } from '../e2e/chromium';
import { printProfiles } from './lib/cpu-profile';
import { startDemoSite } from './lib/demo-site';
import { type Load, loadOnce, printLoad } from './lib/page-load';
import { median, ms } from './lib/stats';

const USAGE = `Usage: npx tsx bench/profile-page.ts [--member] [--runs N] [--profile] [--console] /path ...

  --member    load the pages as the demo Pro member (pro@singelgolf.test, with a session cookie)
  --runs N    loads per path (default 3; each after one uncounted warm-up load); the median is printed
  --profile   a CPU profile of each load (V8's sampling profiler, every 100 µs): self time per script
              and the top functions; PROFILE_FOCUS=fnName (or a place as printed, /assets/x.js:451:10)
              prints that function's callers and callees
  --console   print the page's console messages and errors

Runs the built site (npm run build): a build with \`npx vite build --minify false\` gives readable function
names in the profile. BENCH_PORT sets the server's port (default 5399).`;

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
