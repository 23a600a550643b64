import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, idpAccounts, passkeys } from '../db/schema';
import { browser, lastEmail, linkIn, signUpAndVerify, startLogin, type TestBrowser } from '../test/browser';
import { onPostgres } from '../test/postgres-only';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createAccountsContext, me } from './accounts.test-helpers';

/**
 * A hijacker who has the password and a session cannot defeat the owner's reset link: the link proves
 * the mailbox, so it always wins, and it ends every session, the hijacker's too. (On PostgreSQL the
 * two requests truly overlap, on separate connections; PGlite runs one transaction at a time, but
 * the requests still interleave around them, which was enough for the old code to lose.)
 */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

const EMAIL = 'victim@example.se';

/** Logs in through the issuer's page from `ip`: answers the browser (site and issuer session) or null. */
async function logIn(password: string, ip: string): Promise<TestBrowser | null> {
  const b = browser(t.app, { remoteAddress: ip });
  const uid = await startLogin(b);
  const res = await b.go('POST', `/idp/interaction/${uid}/login`, { email: EMAIL, password });
  return res.url === `${TEST_ORIGIN}/` ? b : null;
}

/** POST /api/me/password with a browser's site session. */
const changePassword = (b: TestBrowser, currentPassword: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/password',
    headers: { host: 'localhost:5000', origin: TEST_ORIGIN, cookie: `sg.sid=${b.cookie('sg.sid')}` },
    payload: { currentPassword, newPassword },
  });

/** 'Glömt lösenordet?' for the owner: answers the link in the e-mail. */
async function resetLink(): Promise<string> {
  // The hourly limit of reset e-mails is not what this test is about: used links are forgotten.
  await t.db
    .delete(accountTokens)
    .where(and(eq(accountTokens.email, EMAIL), isNotNull(accountTokens.usedAt)));
  await browser(t.app).go('POST', '/idp/forgot', { email: EMAIL });
  return linkIn((await lastEmail(t.db, EMAIL, 'password-reset')).textBody, '/idp/reset/');
}

describe(`a hijacker against the owner's reset link (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('lets the reset win every race with a session password change, and ends the hijacker’s sessions', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Vera',
      lastName: 'V',
      email: EMAIL,
      password: 'first2024xx',
    });
    let current = 'first2024xx';
    const outcomes: number[] = [];
    for (let round = 0; round < 10; round++) {
      // The hijacker has the current password (stolen again) and logs in with it.
      const hijacker = await logIn(current, `203.0.113.${round + 1}`);
      expect(hijacker).not.toBeNull();
      const link = await resetLink();
      const owner = browser(t.app, { remoteAddress: '198.51.100.1' });
      await owner.go('GET', link);
      const ownersNew = `ownerround${round}x`;
      const hijackersNew = `hijackround${round}x`;
      const [change, reset] = await Promise.all([
        changePassword(hijacker!, current, hijackersNew),
        owner.go('POST', link, { password: ownersNew, repeat: ownersNew }),
      ]);
      outcomes.push(change.statusCode);
      // The reset always succeeds and logs the owner in.
      expect(reset.url).toBe(`${TEST_ORIGIN}/`);
      expect((await me(owner)).statusCode).toBe(200);
      // The hijacker's change failed (the password it knew was no longer current) or was overwritten.
      expect([204, 400, 401]).toContain(change.statusCode);
      // The owner's password is the one that stands; the hijacker's does not log in.
      expect(await logIn(ownersNew, `192.0.2.${round + 1}`)).not.toBeNull();
      expect(await logIn(hijackersNew, `192.0.2.${round + 101}`)).toBeNull();
      // Every session of the hijacker is gone: the site's, and the issuer's (no silent login back).
      expect((await me(hijacker!)).statusCode).toBe(401);
      const again = await hijacker!.go('GET', '/api/login');
      expect(again.url).toMatch(new RegExp(`^${TEST_ORIGIN}/idp/interaction/[^/]+$`));
      current = ownersNew;
    }
    // Both orders of the race are allowed; whichever happened, the link won.
    expect(outcomes.every((s) => s === 204 || s === 400 || s === 401)).toBe(true);
  }, 240_000);

  it("keeps a pending reset link working after a password change from a session (the hijacker's)", async () => {
    const email = 'pending@example.se';
    const member = await signUpAndVerify(t.app, t.db, {
      firstName: 'Per',
      lastName: 'P',
      email,
      password: 'stolen2024xx',
    });
    await browser(t.app).go('POST', '/idp/forgot', { email });
    const link = linkIn((await lastEmail(t.db, email, 'password-reset')).textBody, '/idp/reset/');
    // The hijacker changes the password, several times (each change used to retire every reset link).
    const hijacker = browser(t.app);
    const uid = await startLogin(hijacker);
    await hijacker.go('POST', `/idp/interaction/${uid}/login`, { email, password: 'stolen2024xx' });
    let current = 'stolen2024xx';
    for (const next of ['mine2024xxa', 'mine2024xxb', 'mine2024xxc']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: {
          host: 'localhost:5000',
          origin: TEST_ORIGIN,
          cookie: `sg.sid=${hijacker.cookie('sg.sid')}`,
        },
        payload: { currentPassword: current, newPassword: next },
      });
      expect(res.statusCode).toBe(204);
      current = next;
    }
    // The hijacker also added a passkey of their own while holding the session.
    const [account] = await t.db
      .select({ id: idpAccounts.id })
      .from(idpAccounts)
      .where(eq(idpAccounts.email, email));
    await t.db.insert(passkeys).values({
      id: 'hijackers-key',
      accountId: account.id,
      publicKey: Buffer.from('not a real key'),
      name: 'Min nyckel',
    });
    // The owner's sessions ended with the changes, but the link in the owner's mailbox still works.
    expect((await me(member)).statusCode).toBe(401);
    const owner = browser(t.app);
    const done = await owner.go('POST', link, { password: 'mailbox2024x', repeat: 'mailbox2024x' });
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
    expect((await me(owner)).statusCode).toBe(200);
    expect((await me(hijacker)).statusCode).toBe(401);
    // The reset removed the passkey the hijacker could have come back with, and the owner is told.
    expect(await t.db.select().from(passkeys).where(eq(passkeys.accountId, account.id))).toEqual([]);
    expect((await lastEmail(t.db, email, 'password-changed')).textBody).toContain(
      'din inloggningsnyckel tagits bort',
    );
    const check = browser(t.app, { remoteAddress: '192.0.2.200' });
    const u2 = await startLogin(check);
    expect(
      (await check.go('POST', `/idp/interaction/${u2}/login`, { email, password: current })).res.statusCode,
    ).toBe(401);
  });
});
