import sharp from 'sharp';
import { expect, test } from './support';

/** The site's brand (issue 26): its icons are served, and its logo mark replaces the emoji. */
test.describe('brand', () => {
  test('serves favicon.ico (a real icon), favicon.svg and a 180 px apple-touch-icon.png', async ({
    request,
  }) => {
    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toMatch(/icon/);
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

    const svg = await request.get('/favicon.svg');
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toContain('<svg');

    const touch = await request.get('/apple-touch-icon.png');
    expect(touch.status()).toBe(200);
    const meta = await sharp(await touch.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 180, 180]);
  });

  for (const path of ['/api/login', '/api/login?screen=signup']) {
    test(`the issuer's page ${path} shows the mark, not an emoji, and asks for nothing that is missing`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('response', (r) => {
        if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      const brand = page.getByRole('link', { name: 'Singelgolf', exact: true });
      await expect(brand).toBeVisible();
      await expect(brand.locator('svg')).toBeVisible();
      await expect(page.locator('body')).not.toContainText('⛳');
      // The browser fetches the page's icon after the page: give it the time to.
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test("the site's header and footer show the mark beside the name", async ({ page }) => {
    await page.goto('/');
    const brand = page.getByRole('banner').getByRole('link', { name: /Singelgolf/ });
    await expect(brand.locator('svg')).toBeVisible();
    await expect(brand).toContainText('Singelgolf');
    await expect(page.getByRole('contentinfo').locator('svg[viewBox="0 0 64 64"]')).toBeVisible();
    await expect(page.locator('body')).not.toContainText('⛳');

    // On a phone, the menu's title too.
    await page.setViewportSize({ width: 390, height: 844 });
    // The landing page is server-rendered: a click before the app has hydrated opens nothing, so click
    // again until the menu is open (a fresh-clone run once clicked too early).
    const menu = page.getByRole('dialog');
    await expect(async () => {
      if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Öppna meny' }).click();
      await expect(menu).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(menu.locator('svg[viewBox="0 0 64 64"]')).toBeVisible();
    await expect(menu).toContainText('Singelgolf');
  });
});
