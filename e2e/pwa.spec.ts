import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** The installable app (issue 13): manifest, icons, the service worker, installability and push display. */
test.describe('installable app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the manifest, icons and service worker are served as a browser needs them', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const m = await manifest.json();
    expect(m).toMatchObject({
      name: 'Singelgolf',
      short_name: 'Singelgolf',
      start_url: '/',
      display: 'standalone',
      theme_color: '#207a3b',
      lang: 'sv',
    });
    expect(m.description).toMatch(/golf/i);
    const icons = m.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }

    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    // A new build is found at the next visit: the worker is never taken from an HTTP cache.
    expect(sw.headers()['cache-control']).toBe('no-cache');
    // The precache list (the build's files) names index.html and never anything of the API.
    const precached = [...(await sw.text()).matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
    expect(precached).toContain('index.html');
    expect(precached.filter((u) => /^\/?(api|idp)\//.test(u))).toEqual([]);

    const html = await (await request.get('/')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  test('the service worker takes control and Chromium reports the app installable', async ({
    playwright,
    baseURL,
  }, testInfo) => {
    // Chromium never offers to install from an incognito profile, which every new context is: a real one.
    const profile = mkdtempSync(path.join(tmpdir(), 'sg-pwa-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      locale: 'sv-SE',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await checkInstallable(page);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  async function checkInstallable(page: Page) {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: /^Singelgolf/ })).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(new URL('/', page.url()).href);
    // clientsClaim: the open page is controlled without a reload.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);

    // Page loads still come from the server (fresh index.html) and the app keeps working under the worker.
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // API answers are never cached by the worker.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/idp/'))).toEqual([]);
  }

  test('offline, a page load gets the precached app shell', async ({ page, context, consoleErrors }) => {
    consoleErrors.allow(
      /net::ERR_INTERNET_DISCONNECTED/,
      "the journey takes the browser offline on purpose: the shell's API reads cannot reach the server",
    );
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    try {
      await page.goto('/events');
      await expect(page.getByRole('banner').getByRole('link', { name: /^Singelgolf/ })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('a push message shows a notice with its title and text', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const reg = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL ?? ''));
        if (reg) resolve(reg.registrationId);
      });
    });
    const payload = {
      id: '0193c0de-0000-7000-8000-000000000001',
      title: 'Du har fått en plats',
      body: 'Du är flyttad från reservlistan till Höstresan.',
      url: '/events/1',
    };
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
          tag: n.tag,
        })),
      );
    // Delivered again if no notice came (a worker the browser was still starting on a slow machine can
    // miss it); the notice's tag is the message id, so a second delivery replaces the first, never adds.
    await expect(async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(baseURL ?? '').origin,
        registrationId,
        data: JSON.stringify(payload),
      });
      await expect.poll(shown, { timeout: 5_000 }).not.toEqual([]);
    }).toPass({ timeout: 30_000 });
    await expect
      .poll(shown)
      .toEqual([{ title: payload.title, body: payload.body, url: payload.url, tag: payload.id }]);
  });

  test('the site works without the service worker', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
    await context.close();
  });
});
