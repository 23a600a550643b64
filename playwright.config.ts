import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { mailboxFor } from './e2e/mailbox';
import { E2E_BASE_PORT, E2E_WORKERS, ownSitePort, sitePort } from './e2e/site';

// Several engineers may run journeys at once: each sets E2E_PORT to a port of their own. Each worker has a
// site of its own on E2E_PORT + 10 × its slot (e2e/site.ts); this file is read in every worker.
export const baseURL = `http://localhost:${ownSitePort()}`;

/** Debian's Chromium (never a downloaded browser); the visual suite adds its fonts (e2e/visual/fixtures.ts). */
export const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** Browser journeys in Debian's Chromium (never a downloaded browser) against a fresh demo site. */
export default defineConfig({
  testDir: './e2e',
  // Per port, outside test-results/: another run (another port or config) never removes this run's traces.
  outputDir: `.tmp/e2e-results-${E2E_BASE_PORT}`,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // The visual suite (e2e/visual.spec.ts): baselines next to the spec, named by the test alone (no
    // project or platform suffix), compared with a small tolerance: anti-aliasing and colour noise
    // (threshold) pass, a lost button background (thousands of pixels) fails.
    toHaveScreenshot: {
      pathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{ext}',
      maxDiffPixels: 200,
      threshold: 0.2,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  globalSetup: './e2e/global-setup.ts',
  // A file's journeys run in order in one worker; files run E2E_WORKERS at once (2 by default: CI's two
  // cores), each worker against its own site.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    trace: 'retain-on-failure',
    video: 'off',
    // The service worker (issue 13) precaches the whole build in every new context: only e2e/pwa.spec.ts,
    // which tests it, lets it run; the other journeys test the site as it works without it.
    serviceWorkers: 'block',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // A site per worker slot, each sending its e-mail to its own mailbox (e2e/mailbox.ts, started by the
  // global setup).
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => {
    const port = sitePort(slot);
    return {
      command: 'node scripts/e2e-server.mjs',
      url: `http://localhost:${port}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: { E2E_PORT: String(port), SMTP_URL: mailboxFor(port).smtpUrl, EMAIL_RETRY_BASE_SECONDS: '1' },
    };
  }),
});
