import { expect, type Page } from '@playwright/test';
import { linkIn, waitForEmail } from './mailbox';

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
  // exact: the page also offers 'Logga in med nyckel' (passkeys) where the browser has WebAuthn.
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await waitUntilLoggedIn(page);
}

/** Waits until the browser is back on the site with the avatar in the header. */
export async function waitUntilLoggedIn(page: Page): Promise<void> {
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/api'), {
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Användarmeny' })).toBeVisible();
}

export interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A fresh, unique e-mail address for a member signed up by a journey. */
export const uniqueEmail = (name: string) =>
  `${name.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.se`;

/**
 * Signs a new member up through the real sign-up form, as a person does: 'Kolla din e-post', the
 * e-mail 'Bekräfta din e-postadress' in the journeys' mailbox, its link, 'Bekräfta', logged in on
 * the site.
 */
export async function signUp(page: Page, member: NewMember): Promise<void> {
  await page.goto('/api/login?screen=signup');
  await expect(page.getByRole('heading', { name: 'Bli medlem' })).toBeVisible();
  await page.getByLabel('Förnamn').fill(member.firstName);
  await page.getByLabel('Efternamn').fill(member.lastName);
  await page.getByLabel('E-post').fill(member.email);
  await page.getByLabel('Lösenord').fill(member.password);
  await page.getByRole('checkbox', { name: /Jag godkänner villkoren/ }).check();
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  // Hashing the password (memory-hard) takes a while on a busy machine.
  await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible({ timeout: 30_000 });
  await confirmSignUpEmail(page, member.email);
}

/** Opens the newest unread 'Bekräfta din e-postadress' e-mail's link and confirms: logged in on the site. */
export async function confirmSignUpEmail(page: Page, email: string): Promise<void> {
  const mail = await waitForEmail(email, 'Bekräfta din e-postadress');
  await page.goto(linkIn(mail, '/idp/verify/'));
  await expect(page.getByRole('heading', { name: 'Bekräfta din e-postadress' })).toBeVisible();
  await page.getByRole('button', { name: 'Bekräfta', exact: true }).click();
  await waitUntilLoggedIn(page);
}

/** True when the page is wider than the viewport (horizontal scroll). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
