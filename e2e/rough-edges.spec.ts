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
