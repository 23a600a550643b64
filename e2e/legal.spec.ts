import { expect, test } from './support';

test.describe('policy pages', () => {
  test('the footer leads to the privacy policy, safety tips and terms with the numbered rules', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Integritetspolicy' }).click();
    await expect(page).toHaveURL(/\/integritetspolicy$/);
    await expect(page.getByRole('heading', { name: 'Integritetspolicy', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cookies' })).toBeVisible();
    await expect(page).toHaveTitle('Integritetspolicy | Singelgolf');

    await footer.getByRole('link', { name: 'Säkerhetstips' }).click();
    await expect(page.getByRole('heading', { name: 'Säkerhetstips', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Om något känns fel' })).toBeVisible();

    await footer.getByRole('link', { name: 'Villkor' }).click();
    await expect(page.getByRole('heading', { name: 'Villkor', level: 1 })).toBeVisible();
    const rules = page.locator('#regler ol > li');
    await expect(rules).toHaveCount(6);
    await expect(rules.first()).toContainText('Var respektfull');
    await expect(page.getByText(/14 dagars ångerrätt/)).toBeVisible();
  });
});
