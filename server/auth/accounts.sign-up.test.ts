import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, idpAccounts, users } from '../db/schema';
import { browser, lastEmail, linkIn, signUpAndVerify, startLogin } from '../test/browser';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createAccountsContext, emailsTo, me } from './accounts.test-helpers';

/** The built-in issuer's sign-up: an address counts only once its owner followed the link sent to it. */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

describe('sign-up with a confirmed address', () => {
  it('sends a link, refuses login until it is followed, then logs the member in', async () => {
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    const sent = await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Greta',
      lastName: 'Golf',
      email: 'Greta@Example.se',
      password: 'birdie2024',
    });
    expect(sent.res.statusCode).toBe(200);
    expect(sent.res.body).toContain('<h1>Kolla din e-post</h1>');
    expect(sent.res.body).toContain('Skicka länken igen');
    expect((await me(b)).statusCode).toBe(401);

    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'greta@example.se'));
    expect(account.emailVerifiedAt).toBeNull();
    const mail = await lastEmail(t.db, 'greta@example.se', 'verify-email');
    expect(mail.subject).toBe('Bekräfta din e-postadress');
    const link = linkIn(mail.textBody, '/idp/verify/');
    expect(link.startsWith(`${TEST_ORIGIN}/idp/verify/`)).toBe(true);
    // Only the hash of the token is stored.
    const token = link.split('/').pop()!;
    const stored = await t.db.select().from(accountTokens).where(eq(accountTokens.accountId, account.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - stored[0].createdAt.getTime()).toBe(24 * 3600_000);

    // Login before confirming: refused with the reason and a way to get a new link.
    const uid2 = await startLogin(b);
    const early = await b.go('POST', `/idp/interaction/${uid2}/login`, {
      email: 'greta@example.se',
      password: 'birdie2024',
    });
    expect(early.res.statusCode).toBe(403);
    expect(early.res.body).toContain('Du behöver bekräfta din e-postadress');
    expect(early.res.body).toContain('Skicka länken igen');

    // Opening the link only shows a button (a mail scanner that opens links confirms nothing).
    const page = await b.go('GET', link);
    expect(page.res.body).toContain('<h1>Bekräfta din e-postadress</h1>');
    expect(
      (await t.db.select().from(idpAccounts).where(eq(idpAccounts.id, account.id)))[0].emailVerifiedAt,
    ).toBeNull();

    const done = await b.go('POST', link);
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
    const user = (await me(b)).json();
    expect(user).toMatchObject({
      email: 'greta@example.se',
      emailVerified: true,
      role: 'member',
      fullName: 'Greta Golf',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.oidcIssuer).toBe('builtin');
    expect(row.oidcSubject).toBe(account.id);

    // The link is single use.
    const again = await browser(t.app).go('POST', link);
    expect(again.res.statusCode).toBe(400);
    expect(again.res.body).toContain('Länken har redan använts');
  });

  it('answers a taken address exactly as a new one, and tells the owner instead', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Olle',
      lastName: 'Owner',
      email: 'olle@example.se',
      password: 'eagle2024x',
    });
    const signUp = async (email: string) => {
      const b = browser(t.app);
      const uid = await startLogin(b, 'signup');
      return b.go('POST', `/idp/interaction/${uid}/signup`, {
        acceptTerms: 'on',
        firstName: 'Ida',
        lastName: 'Intrång',
        email,
        password: 'albatross99',
      });
    };
    const taken = await signUp('olle@example.se');
    const fresh = await signUp('ny-person@example.se');
    expect(taken.res.statusCode).toBe(fresh.res.statusCode);
    expect(taken.res.headers['content-type']).toBe(fresh.res.headers['content-type']);
    expect(taken.res.body.replaceAll('olle@example.se', 'X')).toBe(
      fresh.res.body.replaceAll('ny-person@example.se', 'X'),
    );
    expect(taken.res.body).not.toContain('Det finns redan ett konto');

    const owner = await lastEmail(t.db, 'olle@example.se', 'signup-existing');
    expect(owner).toBeTruthy();
    expect(owner.textBody).toContain(`${TEST_ORIGIN}/idp/forgot`);
    // Nothing changed: the owner's password still works, the intruder's does not.
    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'olle@example.se'));
    expect(account.firstName).toBe('Olle');
    const b = browser(t.app);
    const uid = await startLogin(b);
    const wrong = await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'olle@example.se',
      password: 'albatross99',
    });
    expect(wrong.res.statusCode).toBe(401);
  });

  it('gives no password chosen by an earlier sign-up to the address (pre-hijack through an older link)', async () => {
    const signUp = async (firstName: string, password: string) => {
      const b = browser(t.app);
      const uid = await startLogin(b, 'signup');
      await b.go('POST', `/idp/interaction/${uid}/signup`, {
        acceptTerms: 'on',
        firstName,
        lastName: 'X',
        email: 'twice@example.se',
        password,
      });
      return linkIn((await lastEmail(t.db, 'twice@example.se', 'verify-email')).textBody, '/idp/verify/');
    };
    const canLogIn = async (password: string) => {
      const login = browser(t.app);
      const uid = await startLogin(login);
      const res = await login.go('POST', `/idp/interaction/${uid}/login`, {
        email: 'twice@example.se',
        password,
      });
      return res.url === `${TEST_ORIGIN}/`;
    };
    // The attacker signs the owner's address up first, with a password of their own; then the owner.
    const attackers = await signUp('Mallory', 'attacker2024');
    const owners = await signUp('Ägare', 'owner123456');
    expect(attackers).not.toBe(owners);
    // The owner follows the older link (the attacker's): it no longer works, nothing is confirmed.
    const old = await browser(t.app).go('POST', attackers);
    expect(old.res.body).toContain('Länken har redan använts');
    const [before] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'twice@example.se'));
    expect(before.emailVerifiedAt).toBeNull();
    expect(await canLogIn('attacker2024')).toBe(false);

    // The newest link confirms the address and asks its follower for a password: it carries none.
    const b = browser(t.app);
    const followed = await b.go('POST', owners);
    expect(followed.url).toMatch(new RegExp(`^${TEST_ORIGIN}/idp/reset/`));
    expect(followed.res.body).toContain('<h1>Välj ett nytt lösenord</h1>');
    expect(await canLogIn('attacker2024')).toBe(false);
    expect(await canLogIn('owner123456')).toBe(false);
    const chosen = await b.go('POST', followed.url, { password: 'mailbox2024', repeat: 'mailbox2024' });
    expect(chosen.url).toBe(`${TEST_ORIGIN}/`);
    expect((await me(b)).json()).toMatchObject({ firstName: 'Ägare', emailVerified: true });
    expect(await canLogIn('attacker2024')).toBe(false);
    expect(await canLogIn('mailbox2024')).toBe(true);
  });

  it('still carries the password of a single sign-up', async () => {
    const b = await signUpAndVerify(t.app, t.db, {
      firstName: 'Ensam',
      lastName: 'E',
      email: 'once@example.se',
      password: 'single2024',
    });
    expect((await me(b)).json().firstName).toBe('Ensam');
    const login = browser(t.app);
    const uid = await startLogin(login);
    const res = await login.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'once@example.se',
      password: 'single2024',
    });
    expect(res.url).toBe(`${TEST_ORIGIN}/`);
  });

  it('refuses an expired or unknown link and changes nothing', async () => {
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Sen',
      lastName: 'Sven',
      email: 'late@example.se',
      password: 'bogey12345',
    });
    const link = linkIn((await lastEmail(t.db, 'late@example.se', 'verify-email')).textBody, '/idp/verify/');
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.email, 'late@example.se'));
    const expired = await b.go('POST', link);
    expect(expired.res.statusCode).toBe(400);
    expect(expired.res.body).toContain('Länken har gått ut');
    const unknown = await b.go('GET', `/idp/verify/${'x'.repeat(43)}`);
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.res.body).toContain('Länken är ogiltig');
    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'late@example.se'));
    expect(account.emailVerifiedAt).toBeNull();

    // 'Skicka länken igen' sends a fresh one that works; the answer is the same for any address.
    const resent = await b.go('POST', '/idp/resend', { email: 'late@example.se' });
    const nobody = await b.go('POST', '/idp/resend', { email: 'nobody@example.se' });
    expect(resent.res.body.replaceAll('late@example.se', 'X')).toBe(
      nobody.res.body.replaceAll('nobody@example.se', 'X'),
    );
    expect(await emailsTo(t, 'nobody@example.se')).toHaveLength(0);
    const fresh = linkIn((await lastEmail(t.db, 'late@example.se', 'verify-email')).textBody, '/idp/verify/');
    expect(fresh).not.toBe(link);
    await b.go('POST', fresh);
    expect((await me(b)).json().emailVerified).toBe(true);
  });
});
