import type { Browser, Locator, Page } from '@playwright/test';
import { linkIn, waitForEmail } from './mailbox';
import {
  ADMIN,
  expect,
  FREE,
  hasHorizontalScroll,
  ISSUER_REFUSAL,
  loginAs,
  type NewMember,
  PASSWORD,
  PRO,
  pick,
  signUp,
  test,
  uniqueEmail,
  waitUntilLoggedIn,
} from './support';

/** A member no other journey knows (the demo accounts stay as they are). */
const newMember = (firstName: string): NewMember => ({
  firstName,
  lastName: 'Kontosson',
  email: uniqueEmail(firstName),
  password: 'birdie2026',
});

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Användarmeny' }).click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  await expect(page.getByRole('link', { name: 'Logga in' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Användarmeny' })).toHaveCount(0);
}

/** Fills the login form and presses 'Logga in' (without waiting for the outcome). */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/api/login');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
}

/** A second browser (its own cookies), logged in as the member. */
async function secondBrowser(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, email, password);
  return { context, page };
}

/** Whether a page's browser is still logged in, after loading the start page afresh. */
async function expectLoggedOut(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Logga in' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Användarmeny' })).toHaveCount(0);
}

const securitySection = (page: Page) => page.getByRole('region', { name: 'Säkerhet' });

/** A toast with this text (one at a time, but the previous one may still be leaving). */
const expectToast = (page: Page, text: string) =>
  expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();

/** Completes a new member's profile form (every required field), so it can be saved. */
async function completeProfile(page: Page, form: Locator): Promise<void> {
  await form.getByLabel('Golf-ID').fill('900101-123');
  await form.getByLabel('Klubb').fill('Östersund-Frösö GK');
  await pick(page, 'Kön', 'Kvinna');
  await form.getByLabel('Födelsedatum').fill('1990-01-01');
  await pick(page, 'Civilstatus', 'Skild');
  await form.getByLabel('Barn').fill('Inga');
  await form.getByLabel('Yrke').fill('Arkitekt');
  await form.getByLabel(/^Ort/).fill('Östersund');
  await form.getByLabel('Dröm').fill('En runda på St Andrews');
  await form.getByLabel('Dina intressen').fill('Golf, skidor');
  const chip = (name: string) => form.locator('label').filter({ hasText: new RegExp(`^${name}$`) });
  await chip('Partner').click();
  for (const i of ['Fika', 'Film', 'Resor']) await chip(i).click();
}

test.describe('accounts', () => {
  test('sign up → the e-mail → verify → logged in on the start page', async ({ page, consoleErrors }) => {
    consoleErrors.allow(
      ISSUER_REFUSAL,
      'the journey opens the used confirmation link again on purpose: its page answers 400',
    );
    const m = newMember('Signe');
    await page.goto('/api/login?screen=signup');
    await expect(page.getByRole('heading', { name: 'Bli medlem' })).toBeVisible();
    await page.getByLabel('Förnamn').fill(m.firstName);
    await page.getByLabel('Efternamn').fill(m.lastName);
    await page.getByLabel('E-post').fill(m.email);
    await page.getByLabel('Lösenord').fill(m.password);
    await page.getByRole('checkbox', { name: /Jag godkänner villkoren/ }).check();
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible();
    await expect(page.getByText(m.email)).toBeVisible();
    // Not logged in yet.
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Användarmeny' })).toHaveCount(0);

    const mail = await waitForEmail(m.email, 'Bekräfta din e-postadress');
    expect(mail.subject).toBe('Bekräfta din e-postadress');
    const link = linkIn(mail, '/idp/verify/');
    expect(link.startsWith(`${new URL(page.url()).origin}/idp/verify/`)).toBe(true);
    expect(mail.text).toContain(link);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Bekräfta din e-postadress' })).toBeVisible();
    await page.getByRole('button', { name: 'Bekräfta', exact: true }).click();
    await waitUntilLoggedIn(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'Användarmeny' }).click();
    await expect(page.getByRole('menu').getByText(m.email)).toBeVisible();
    await page.keyboard.press('Escape');

    // The link did its work once: opened again it changes nothing.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Bekräfta din e-postadress' })).toHaveCount(0);
  });

  test("logging in before verifying asks for the link, and 'Skicka länken igen' sends another", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      ISSUER_REFUSAL,
      'a login before the address is confirmed is refused (403) on purpose',
    );
    const m = newMember('Viktor');
    await page.goto('/api/login?screen=signup');
    await page.getByLabel('Förnamn').fill(m.firstName);
    await page.getByLabel('Efternamn').fill(m.lastName);
    await page.getByLabel('E-post').fill(m.email);
    await page.getByLabel('Lösenord').fill(m.password);
    await page.getByRole('checkbox', { name: /Jag godkänner villkoren/ }).check();
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible();
    await waitForEmail(m.email, 'Bekräfta din e-postadress');

    await submitLogin(page, m.email, m.password);
    await expect(page.getByRole('heading', { name: 'Du behöver bekräfta din e-postadress' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Användarmeny' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Skicka länken igen' }).click();
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible();

    const again = await waitForEmail(m.email, 'Bekräfta din e-postadress');
    await page.goto(linkIn(again, '/idp/verify/'));
    await expect(page.getByRole('heading', { name: 'Bekräfta din e-postadress' })).toBeVisible();
    await page.getByRole('button', { name: 'Bekräfta', exact: true }).click();
    await waitUntilLoggedIn(page);
    expect(new URL(page.url()).pathname).toBe('/');

    // Verified: the password logs in from now on.
    await logOut(page);
    await loginAs(page, m.email, m.password);
  });

  test('forgot password → the e-mail → a new password → logged in', async ({ page, consoleErrors }) => {
    consoleErrors.allow(
      ISSUER_REFUSAL,
      'the journey tries the old password on purpose: the login is refused',
    );
    const m = newMember('Greta');
    await signUp(page, m);
    await logOut(page);

    await page.goto('/api/login');
    await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
    await page.getByRole('link', { name: 'Glömt lösenordet?' }).click();
    await expect(page.getByRole('heading', { name: 'Glömt lösenordet?' })).toBeVisible();
    await page.getByLabel('E-post').fill(m.email);
    await page.getByRole('button', { name: 'Skicka länk' }).click();
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible();

    const mail = await waitForEmail(m.email, 'Återställ ditt lösenord');
    await page.goto(linkIn(mail, '/idp/reset/'));
    await expect(page.getByRole('heading', { name: 'Välj ett nytt lösenord' })).toBeVisible();
    await page.getByLabel('Nytt lösenord').fill('eagle2027x');
    await page.getByLabel('Upprepa lösenordet').fill('eagle2027x');
    await page.getByRole('button', { name: 'Spara lösenord' }).click();
    await waitUntilLoggedIn(page);
    expect(new URL(page.url()).pathname).toBe('/');

    // The new password works, the old one no longer does.
    await logOut(page);
    await submitLogin(page, m.email, m.password);
    await expect(page.getByText('Fel e-postadress eller lösenord.')).toBeVisible();
    await loginAs(page, m.email, 'eagle2027x');
  });

  test("profile 'Säkerhet': a new address waits for its link, can be cancelled, and takes effect when confirmed", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    consoleErrors.allow(ISSUER_REFUSAL, 'the journey logs in with the old address on purpose: refused');
    consoleErrors.allow(
      /\/api\/me\/email\/confirm\b/,
      "the journey opens the cancelled change's link on purpose: POST /api/me/email/confirm refuses it",
    );
    const m = newMember('Elsa');
    await signUp(page, m);
    await page.goto('/profile');
    const section = securitySection(page);
    await expect(section.getByRole('heading', { name: 'Säkerhet' })).toBeVisible();
    await expect(section.getByText(m.email, { exact: true })).toBeVisible();
    await expect(section.getByText('Bekräftad', { exact: true })).toBeVisible();

    // 'Byt e-postadress' leads to the profile form's address field.
    const save = page.getByRole('button', { name: 'Spara ändringar' });
    const form = page.locator('form').filter({ has: save });
    await section.getByRole('button', { name: 'Byt e-postadress' }).click();
    await expect(form.getByLabel('E-post')).toBeFocused();

    // First change: the old address's notice cancels it.
    const first = uniqueEmail('elsa.ny');
    await completeProfile(page, form);
    await form.getByLabel('E-post').fill(first);
    await save.click();
    await expectToast(page, 'Profilen har uppdaterats');
    const pendingFirst = `Väntar på bekräftelse: ${first} – vi har skickat en länk dit`;
    await expect(section.getByText(pendingFirst)).toBeVisible();
    await expect(form.getByText(pendingFirst)).toBeVisible();
    // The form shows the address in force, not the pending one.
    await expect(form.getByLabel('E-post')).toHaveValue(m.email);

    const confirmFirst = await waitForEmail(first, 'Bekräfta din nya e-postadress');
    const notice = await waitForEmail(m.email, 'Din e-postadress håller på att ändras');
    expect(notice.text).toContain(first);

    // Until confirmed the old address is the login.
    const other = await secondBrowser(browser, m.email, m.password);
    await other.context.close();

    // The cancel link works without logging in (here in another browser).
    const phone = await browser.newContext();
    const phonePage = await phone.newPage();
    await phonePage.goto(linkIn(notice, '/email/cancel?token='));
    await expect(phonePage.getByRole('heading', { name: 'Avbryt byte av e-postadress' })).toBeVisible();
    await phonePage.getByRole('button', { name: 'Avbryt bytet' }).click();
    await expect(phonePage.getByRole('heading', { name: 'Din e-postadress är oförändrad' })).toBeVisible();
    await expect(
      phonePage.getByText(`Ändringen är avbruten. Din e-postadress är fortfarande ${m.email}.`),
    ).toBeVisible();
    await expect(phonePage.getByRole('main').getByRole('link', { name: 'Logga in' })).toBeVisible();
    await phone.close();
    await page.reload();
    await expect(section.getByText(m.email, { exact: true })).toBeVisible();
    await expect(section.getByText(/Väntar på bekräftelse/)).toHaveCount(0);
    await expect(form.getByText(pendingFirst)).toHaveCount(0);

    // The cancelled change's link does nothing.
    await page.goto(linkIn(confirmFirst, '/email/confirm?token='));
    await page.getByRole('button', { name: 'Bekräfta ny e-postadress' }).click();
    await expect(page.getByRole('heading', { name: 'Länken fungerar inte' })).toBeVisible();

    // Second change: 'Avbryt ändringen' in the section drops it; asked again, it is confirmed.
    const second = uniqueEmail('elsa.andra');
    await page.goto('/profile');
    await form.getByLabel('E-post').fill(second);
    await save.click();
    const pendingSecond = `Väntar på bekräftelse: ${second} – vi har skickat en länk dit`;
    await expect(section.getByText(pendingSecond)).toBeVisible();
    await section.getByRole('button', { name: 'Avbryt ändringen' }).click();
    await expectToast(page, 'Ändringen är avbruten');
    await expect(section.getByText(pendingSecond)).toHaveCount(0);
    await expect(form.getByText(pendingSecond)).toHaveCount(0);
    await waitForEmail(second, 'Bekräfta din nya e-postadress');

    await form.getByLabel('E-post').fill(second);
    await save.click();
    await expect(section.getByText(pendingSecond)).toBeVisible();
    const confirmSecond = await waitForEmail(second, 'Bekräfta din nya e-postadress');
    await page.goto(linkIn(confirmSecond, '/email/confirm?token='));
    await expect(page.getByRole('heading', { name: 'Bekräfta ny e-postadress' })).toBeVisible();
    await page.getByRole('button', { name: 'Bekräfta ny e-postadress' }).click();
    await expect(page.getByRole('heading', { name: 'E-postadressen är bekräftad' })).toBeVisible();
    await expect(page.getByText(`Klart! Din e-postadress är nu ${second}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Till din profil' }).click();
    await expect(section.getByText(second, { exact: true })).toBeVisible();
    await expect(section.getByText(/Väntar på bekräftelse/)).toHaveCount(0);
    await expect(form.getByLabel('E-post')).toHaveValue(second);
    await waitForEmail(m.email, 'Din e-postadress har ändrats');

    // The new address is the login now.
    await logOut(page);
    await submitLogin(page, m.email, m.password);
    await expect(page.getByText('Fel e-postadress eller lösenord.')).toBeVisible();
    await loginAs(page, second, m.password);
  });

  test("the e-mail links' pages work logged out and refuse a broken link", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /\/api\/me\/email\/cancel\b/,
      'the journey sends a broken link on purpose: POST /api/me/email/cancel refuses it',
    );
    await page.goto('/email/confirm');
    await expect(page.getByRole('heading', { name: 'Länken är ofullständig' })).toBeVisible();
    await page.goto(`/email/cancel?token=${'x'.repeat(40)}`);
    await page.getByRole('button', { name: 'Avbryt bytet' }).click();
    await expect(page.getByRole('heading', { name: 'Länken fungerar inte' })).toBeVisible();
    // Logged out, the way on is the login, coming back to the profile.
    await expect(page.getByRole('main').getByRole('link', { name: 'Logga in' })).toHaveAttribute(
      'href',
      /returnTo=%2Fprofile/,
    );
  });

  test("profile 'Säkerhet': change password, other sessions end, the new password logs in", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    consoleErrors.allow(ISSUER_REFUSAL, 'the journey logs in with the old password on purpose: refused');
    consoleErrors.allow(
      /\/api\/me\/password\b/,
      'the journey gives a wrong current password on purpose: the change is refused on its field',
    );
    const m = newMember('Petter');
    await signUp(page, m);
    const other = await secondBrowser(browser, m.email, m.password);

    await page.goto('/profile#sakerhet');
    const section = securitySection(page);
    const current = section.getByLabel('Nuvarande lösenord');
    const next = section.getByLabel('Nytt lösenord', { exact: true });
    const repeat = section.getByLabel('Upprepa nytt lösenord');
    const submit = section.getByRole('button', { name: 'Byt lösenord' });
    await expect(submit).toBeInViewport();

    // Checked in the browser first.
    await submit.click();
    await expect(section.getByText('Ange ditt nuvarande lösenord')).toBeVisible();
    await expect(section.getByText('Ange ett nytt lösenord')).toBeVisible();
    await current.fill(m.password);
    await next.fill('kort1');
    await repeat.fill('kort2');
    await submit.click();
    await expect(section.getByText('Lösenordet måste vara minst 8 tecken.')).toBeVisible();
    await expect(section.getByText('Lösenorden är inte likadana.')).toBeVisible();

    // The server's answer lands on its field.
    await current.fill('fel-losen-1');
    await next.fill('eagle2027x');
    await repeat.fill('eagle2027x');
    await submit.click();
    await expect(section.getByText('Fel lösenord', { exact: true })).toBeVisible();

    await current.fill(m.password);
    await submit.click();
    await expectToast(page, 'Lösenordet är bytt');
    await expect(current).toHaveValue('');
    await waitForEmail(m.email, 'Ditt lösenord har ändrats');

    // The other browser is logged out; this one stays.
    await expectLoggedOut(other.page);
    await other.context.close();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Användarmeny' })).toBeVisible();

    await logOut(page);
    await submitLogin(page, m.email, m.password);
    await expect(page.getByText('Fel e-postadress eller lösenord.')).toBeVisible();
    await loginAs(page, m.email, 'eagle2027x');
  });

  test("'Logga ut överallt' ends every session and fits a 390 px phone", async ({ page, browser }) => {
    const m = newMember('Lova');
    await signUp(page, m);
    const other = await secondBrowser(browser, m.email, m.password);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile');
    const section = securitySection(page);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('button', { name: 'Byt lösenord' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await section.getByRole('button', { name: 'Logga ut överallt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Logga ut överallt?' });
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Användarmeny' })).toBeVisible();

    await section.getByRole('button', { name: 'Logga ut överallt' }).click();
    await dialog.getByRole('button', { name: 'Ja, logga ut överallt' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Användarmeny' })).toHaveCount(0);
    await expectLoggedOut(page);
    await expectLoggedOut(other.page);
    await other.context.close();
  });

  test('the demo accounts are verified and log in as before', async ({ page }) => {
    for (const email of [ADMIN, PRO, FREE]) {
      await loginAs(page, email, PASSWORD);
      await page.goto('/profile#sakerhet');
      const section = securitySection(page);
      await expect(section.getByText(email, { exact: true })).toBeVisible();
      await expect(section.getByText('Bekräftad', { exact: true })).toBeVisible();
      await logOut(page);
    }
  });
});
