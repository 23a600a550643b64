import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, idpAccounts } from '../db/schema';
import { browser, lastEmail, linkIn, type TestBrowser } from '../test/browser';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createAccountsContext, me } from './accounts.test-helpers';

/**
 * Issue 27: 'Bli medlem för att delta' on an event starts a sign-up that remembers the event; the
 * confirmation link brings the new member back there, logged in. Only a same-site path is ever kept.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

let n = 0;
/** Signs up from `/api/login?screen=signup&returnTo=…`; answers the browser and the confirmation link. */
async function signUpFrom(returnTo: string, b: TestBrowser = browser(t.app)) {
  n += 1;
  const email = `retur${n}@example.se`;
  const start = await b.go('GET', `/api/login?screen=signup&returnTo=${encodeURIComponent(returnTo)}`);
  const uid = new URL(start.url).pathname.split('/')[3];
  expect(start.res.body).toContain('<h1>Bli medlem</h1>');
  const sent = await b.go('POST', `/idp/interaction/${uid}/signup`, {
    acceptTerms: 'on',
    firstName: 'Rut',
    lastName: 'Retur',
    email,
    password: 'birdie2024',
  });
  expect(sent.res.body).toContain('<h1>Kolla din e-post</h1>');
  const mail = await lastEmail(t.db, email, 'verify-email');
  return { b, email, link: linkIn(mail.textBody, '/idp/verify/') };
}

describe('sign-up from an event page', () => {
  it('lands the new member on the event after the confirmation link, logged in', async () => {
    const { b, email, link } = await signUpFrom('/events/7');
    // The link itself carries no destination: it is kept with the link's stored data.
    expect(link).not.toContain('events');
    const done = await b.go('POST', link);
    expect(done.url).toBe(`${TEST_ORIGIN}/events/7`);
    expect((await me(b)).json()).toMatchObject({ email, emailVerified: true });
  });

  it('also when the link is opened in another browser', async () => {
    const { link } = await signUpFrom('/events/12?tab=chat');
    const other = browser(t.app);
    const done = await other.go('POST', link);
    expect(done.url).toBe(`${TEST_ORIGIN}/events/12?tab=chat`);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("keeps the event when the member goes from the login page to 'Bli medlem'", async () => {
    const b = browser(t.app);
    const start = await b.go('GET', `/api/login?returnTo=${encodeURIComponent('/events/5')}`);
    const uid = new URL(start.url).pathname.split('/')[3];
    const signupPage = await b.go('GET', `/idp/interaction/${uid}/signup`);
    expect(signupPage.res.body).toContain('<h1>Bli medlem</h1>');
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Lina',
      lastName: 'Login',
      email: 'lina.login@example.se',
      password: 'birdie2024',
    });
    const mail = await lastEmail(t.db, 'lina.login@example.se', 'verify-email');
    const done = await b.go('POST', linkIn(mail.textBody, '/idp/verify/'));
    expect(done.url).toBe(`${TEST_ORIGIN}/events/5`);
  });

  it.each([
    ['another host', '//evil.example/x'],
    ['a backslash host', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/events/7'],
    ['a scheme', 'javascript:alert(1)'],
    ['an encoded backslash', '/%5Cevil.example'],
  ])('goes to the start page instead of %s', async (_label, hostile) => {
    const { b, link } = await signUpFrom(hostile);
    const done = await b.go('POST', link);
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
    expect((await me(b)).statusCode).toBe(200);
  });

  it('never follows a stored value that is not a path, should one reach the table', async () => {
    const { b, email, link } = await signUpFrom('/events/9');
    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
    const [row] = await t.db.select().from(accountTokens).where(eq(accountTokens.accountId, account.id));
    await t.db
      .update(accountTokens)
      .set({ data: { ...(row.data as object), returnTo: '//evil.example' } })
      .where(eq(accountTokens.id, row.id));
    const done = await b.go('POST', link);
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
  });

  it('a second sign-up of the address (a password chosen after the link) still returns to the event', async () => {
    const first = await signUpFrom('/events/3');
    // Someone signs the same address up again: its link asks for a password before logging in.
    const b = browser(t.app);
    const start = await b.go('GET', `/api/login?screen=signup&returnTo=${encodeURIComponent('/events/4')}`);
    const uid = new URL(start.url).pathname.split('/')[3];
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Rut',
      lastName: 'Retur',
      email: first.email,
      password: 'annat2024lösen',
    });
    const mail = await lastEmail(t.db, first.email, 'verify-email');
    const confirmed = await b.go('POST', linkIn(mail.textBody, '/idp/verify/'));
    expect(confirmed.url).toMatch(/\/idp\/reset\//);
    const done = await b.go('POST', confirmed.url, { password: 'nytt2024lösen', repeat: 'nytt2024lösen' });
    expect(done.url).toBe(`${TEST_ORIGIN}/events/4`);
    expect((await me(b)).statusCode).toBe(200);
  });
});
