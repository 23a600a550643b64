import { expect, test } from '@playwright/test';
import { loginAs, PRO } from './support';

test.describe('rough edges (issue 18)', () => {
  test('a member who opens /events/new goes to the start page, not to a form that fails', async ({
    page,
  }) => {
    await loginAs(page, PRO);
    await page.goto('/events/new');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Skapa event' })).toHaveCount(0);
  });
});

test.describe('keyboard', () => {
  test("the first Tab reaches 'Hoppa till innehållet', which moves focus to the page's content", async ({
    page,
  }) => {
    await page.goto('/events');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Hoppa till innehållet' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
});
