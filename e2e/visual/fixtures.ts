import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContextOptions, test as base, expect, type Locator, type Page } from '@playwright/test';
import { launchOptions } from '../../playwright.config';
import { ownSitePort } from '../site';
import { ADMIN, FREE, loginAs, PRO } from '../support';

/**
 * The visual suite's fixtures. Its screenshots must come out the same pixels on a fresh clone on any
 * later day, so the suite does not share the journeys' site (whose data the other journeys change and
 * whose demo data is seeded relative to today). It starts a site of its own:
 * - a fresh PGlite folder with the same demo data, on E2E_PORT + 2000 (the mailbox has + 1000);
 * - its clock stopped at VISUAL_NOW (frozen-clock.mjs): the demo data, seeded relative to "now", is
 *   always the same community with the same dates, and what the server computes from the time agrees;
 * - the browser's clock set to the same instant (page.clock.setFixedTime);
 * - the browser sees only the fonts of Debian's fonts-dejavu-core (fonts.conf).
 * The site only reads during the suite (logins aside), so one test's order or absence changes nothing
 * in another's picture.
 */

const root = path.resolve(import.meta.dirname, '../..');

/** The instant the visual site and the browser live at (10:00 in Stockholm; a Tuesday). */
export const VISUAL_NOW = '2035-06-12T08:00:00.000Z';

const e2ePort = ownSitePort();
const port = e2ePort + 2000;
const url = `http://localhost:${port}`;
const dataDir = path.join(root, '.tmp', `e2e-visual-data-${e2ePort}`);
// Built by the journeys' own server (scripts/start.mjs), which Playwright starts before any test.
const serverBuild = path.join(root, 'dist/server/main.js');

export type Role = 'visitor' | 'admin' | 'pro' | 'free';
const emails: Record<Exclude<Role, 'visitor'>, string> = { admin: ADMIN, pro: PRO, free: FREE };
type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** The context options of the journeys (playwright.config.ts) that a context made by hand needs too. */
const contextOptions = {
  locale: 'sv-SE',
  timezoneId: 'Europe/Stockholm',
  serviceWorkers: 'block',
} satisfies BrowserContextOptions;

async function waitUntilReady(server: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the visual suite's server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the visual suite's server did not answer ${url}/readyz within 3 minutes`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Image variants (GET /api/images/{id}/w/…) a page got as a 307 to the original: made later, shown wrong now. */
const redirectedImages = new WeakMap<Page, string[]>();

export const test = base.extend<
  { role: Role },
  { visualServer: string; sessions: (role: Exclude<Role, 'visitor'>) => Promise<StorageState> }
>({
  role: ['visitor', { option: true }],

  visualServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from the pattern.
    async ({}, use) => {
      if (!existsSync(serverBuild)) throw new Error(`${serverBuild} is missing: run npm run build`);
      rmSync(dataDir, { recursive: true, force: true });
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        SEED_DEMO: 'true',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_WRITES_PER_MINUTE: '10000',
        RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
        VISUAL_NOW,
      };
      // The test runner's own loaders are not the site's.
      delete env.NODE_OPTIONS;
      const clock = pathToFileURL(path.join(import.meta.dirname, 'frozen-clock.mjs')).href;
      const server = spawn(process.execPath, ['--import', clock, '--enable-source-maps', serverBuild], {
        cwd: root,
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        await waitUntilReady(server, Date.now() + 180_000);
        await use(url);
      } finally {
        await stop(server);
      }
    },
    { scope: 'worker', auto: true, timeout: 200_000 },
  ],

  // Each member logs in once per worker, through the issuer's real form; the tests reuse the cookies.
  sessions: [
    async ({ browser, visualServer }, use) => {
      const states = new Map<string, StorageState>();
      await use(async (role) => {
        const known = states.get(role);
        if (known) return known;
        const context = await browser.newContext({ ...contextOptions, baseURL: visualServer });
        try {
          await loginAs(await context.newPage(), emails[role]);
          const state = await context.storageState();
          states.set(role, state);
          return state;
        } finally {
          await context.close();
        }
      });
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  baseURL: async ({ visualServer }, use) => use(visualServer),

  storageState: async ({ role, sessions }, use) => use(role === 'visitor' ? undefined : await sessions(role)),

  page: async ({ page }, use) => {
    await page.clock.setFixedTime(new Date(VISUAL_NOW));
    const redirected: string[] = [];
    redirectedImages.set(page, redirected);
    page.on('response', (response) => {
      if (response.status() === 307 && response.url().includes('/api/images/'))
        redirected.push(response.url());
    });
    await use(page);
  },
});

/** The journeys' Chromium seeing only the fonts of fonts-dejavu-core (fonts.conf): the spec's launchOptions. */
export const visualLaunchOptions = {
  ...launchOptions,
  env: { ...process.env, FONTCONFIG_FILE: path.join(import.meta.dirname, 'fonts.conf') },
};

/** Waits until the page is drawn completely: no request under way, every image (lazy ones too) and font in. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A loading state still shown (hidden tabs' loaders wait for their tab).
  const loading = page.locator('.mantine-Skeleton-root, .mantine-Loader-root, [aria-busy="true"]');
  await expect(loading.filter({ visible: true })).toHaveCount(0);
  await page.evaluate(async () => {
    // A full-page shot shows what lies below the fold: those images are loaded now, not on scrolling.
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
}

/**
 * Opens `path`, does `act` (a click on a tab …) and waits until the page is drawn completely. A stored
 * image's copy that the server was too busy to make came as its original, which the browser scales
 * differently: then the page is opened again (the copy is made by then), until every copy came.
 */
export async function open(page: Page, target: string, act?: (page: Page) => Promise<void>): Promise<void> {
  const redirected = redirectedImages.get(page)!;
  for (let attempt = 1; ; attempt++) {
    redirected.length = 0;
    await page.goto(target);
    await act?.(page);
    await settle(page);
    if (redirected.length === 0) return;
    if (attempt === 5) throw new Error(`images still came as originals: ${redirected.join(', ')}`);
  }
}

/**
 * The page's full-length screenshot compared with the committed baseline `<name>-<width>.png`. `mask`:
 * parts that differ on every run by design (a secret token), covered by a box.
 */
export async function shoot(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  // From the top, as a page opens (a click may have scrolled it; the sticky header would sit mid-page), with
  // the mouse off the page's controls (no hover style).
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = page.viewportSize()?.width;
  await expect(page).toHaveScreenshot(`${name}-${width}.png`, { fullPage: true, mask });
}

export { expect };
