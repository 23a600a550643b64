import type { Page } from '@playwright/test';
import { expect, FREE, hydrated, loginAs, test } from './support';

const toast = (page: Page, text: string) =>
  expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();

/** Issue 27: the profile's settings say what happened when they are saved or turned on. */
test.describe('member settings confirm what they did', () => {
  test("saving 'Integritet' confirms it, and a failed save says so", async ({ page, consoleErrors }) => {
    await loginAs(page, FREE);
    await page.goto('/profile#integritet');
    const privacy = page.getByRole('region', { name: 'Integritet' });
    const hide = privacy.getByRole('switch', { name: 'Dölj mig i medlemslistan' });
    const save = privacy.getByRole('button', { name: 'Spara' });
    // setChecked wants the switch to turn at once: on the page still hydrating a tap is held until it has.
    await hydrated(hide);
    const before = await hide.isChecked();

    await hide.setChecked(!before, { force: true });
    await save.click();
    await toast(page, 'Integritetsinställningarna är sparade');
    await expect(save).toBeDisabled();
    // Back as it was, confirmed again.
    await hide.setChecked(before, { force: true });
    await save.click();
    await toast(page, 'Integritetsinställningarna är sparade');
    expect((await (await page.request.get('/api/me/privacy')).json()).hiddenFromDirectory).toBe(before);

    // The server refuses the next save.
    consoleErrors.allow(/503/, 'the journey makes the privacy save fail on purpose');
    await page.route('**/api/me/privacy', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 503, json: { message: 'Tjänsten är tillfälligt otillgänglig' } })
        : route.continue(),
    );
    await hide.setChecked(!before, { force: true });
    await save.click();
    await toast(page, 'Kunde inte spara integritetsinställningarna');
    await toast(page, 'Tjänsten är tillfälligt otillgänglig');
    await expect(save).toBeEnabled();
  });

  test("push settings do not say 'nekat' when the browser allowed notices but push could not start", async ({
    page,
    context,
    baseURL,
  }) => {
    // Notices allowed, but the journeys' browser runs no service worker: push cannot start.
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await loginAs(page, FREE);
    await page.goto('/profile#notiser');
    await page.getByRole('button', { name: 'Aktivera pushnotiser på den här enheten' }).click();
    await toast(page, 'Kunde inte slå på notiser');
    await expect(page.getByText(/nekat/)).toHaveCount(0);
    await expect(page.getByText('Blockerad i webbläsaren')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Aktivera pushnotiser på den här enheten' })).toBeVisible();
  });
});
