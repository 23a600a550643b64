import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'golf1234';
export const ADMIN = 'admin@singelgolf.test';
export const PRO = 'pro@singelgolf.test';
export const FREE = 'free@singelgolf.test';

/** Logs in through the real login form of the built-in issuer and waits for the avatar in the header. */
export async function loginAs(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/api/login');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/api'));
  await expect(page.getByRole('button', { name: 'Användarmeny' })).toBeVisible();
}

/** True when the page is wider than the viewport (horizontal scroll). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
