import { ADMIN, expect, hasHorizontalScroll, loginAs, test } from './support';

test.describe('audit log', () => {
  test("an admin's change to an event shows on 'Logg', also on a phone", async ({ page }) => {
    await loginAs(page, ADMIN);
    const events = (await (await page.request.get('/api/events?status=upcoming')).json()) as { id: number }[];
    const detail = await (await page.request.get(`/api/events/${events[0].id}`)).json();
    const origin = new URL(page.url()).origin;
    const {
      abilities: _a,
      ballGroupCount: _b,
      ballGroupsPublishedAt: _c,
      myRegistration: _d,
      ...fields
    } = detail;
    const res = await page.request.put(`/api/events/${detail.id}`, {
      headers: { origin },
      // A real change (a save that changes nothing writes no entry, issue 27).
      data: { ...fields, description: `${detail.description}\n\nUppdaterad av arrangören.` },
    });
    expect(res.status()).toBe(200);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Adminpanel' })).toBeVisible();
    // The admin navigation and the dashboard's 'Logg' card both link there.
    await page.locator('a[href="/admin/audit"]').first().click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Logg', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Ändrade evenemang' }).first();
    // The entry names the event by its title and its details in Swedish, never 'Event 5' or raw keys.
    await expect(row).toContainText(detail.title.trim());
    await expect(row).toContainText('Ändrade: Beskrivning');
    await expect(row).not.toContainText(`Event ${detail.id}`);
    await page.getByRole('combobox', { name: 'Område' }).click();
    await page.getByRole('option', { name: 'Medlemskap' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Ändrade evenemang' })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
