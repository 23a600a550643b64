import { expect, test } from './support';

/**
 * The console guard of e2e/support.ts (issue 26): a journey fails on a console error or an uncaught page
 * error — in its own page and in a context it opens itself — unless the test allows it with a reason.
 */
test.describe('the console guard', () => {
  test('fails a journey whose page logs a console error', async ({ page }) => {
    test.fail(true, 'the guard must fail this test');
    await page.goto('/');
    await page.evaluate(() => console.error('ett fel med flit'));
  });

  test('fails a journey whose page throws an uncaught error', async ({ page }) => {
    test.fail(true, 'the guard must fail this test');
    await page.goto('/');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('ett undantag med flit');
      }),
    );
    await page.waitForTimeout(200);
  });

  test('fails a journey on a failed request in a browser context it opened itself', async ({ browser }) => {
    test.fail(true, 'the guard must fail this test');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    // The browser logs a failed request as a console error ('Failed to load resource: … 401').
    await page.evaluate(() => fetch('/api/auth/user'));
    await expect(async () =>
      expect(await page.evaluate(() => document.readyState)).toBe('complete'),
    ).toPass();
    await page.waitForTimeout(200);
    await context.close();
  });

  test('lets a journey allow an error it causes on purpose, with a reason', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/ett väntat fel/, 'this test logs it itself');
    await page.goto('/');
    await page.evaluate(() => console.error('ett väntat fel'));
  });

  test('a visitor’s pages log no error: the app asks GET /api/auth/session, never a failing probe', async ({
    page,
  }) => {
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) failed.push(`${r.status()} ${r.url()}`);
    });
    for (const path of ['/members', '/subscription', '/integritetspolicy', '/sidan-finns-inte']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
    }
    expect(failed).toEqual([]);
  });
});
