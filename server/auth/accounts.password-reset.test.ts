import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens } from '../db/schema';
import { browser, lastEmail, linkIn, signUpAndVerify, startLogin } from '../test/browser';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createAccountsContext, emailsTo, me } from './accounts.test-helpers';

/** A forgotten password: a single-use link, sent only to an account, that ends every other session. */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

describe('forgotten password', () => {
  it('answers the same for every address, sends a single-use link only to an account', async () => {
    const member = await signUpAndVerify(t.app, t.db, {
      firstName: 'Rut',
      lastName: 'Reset',
      email: 'rut@example.se',
      password: 'chip2024xx',
    });
    const rut = (await me(member)).json();
    const phone = await t.as({ id: rut.id });
    expect((await phone.get('/api/auth/user')).statusCode).toBe(200);

    const b = browser(t.app);
    const page = await b.go('GET', '/idp/forgot');
    expect(page.res.body).toContain('<h1>Glömt lösenordet?</h1>');
    const known = await b.go('POST', '/idp/forgot', { email: 'rut@example.se' });
    const unknown = await b.go('POST', '/idp/forgot', { email: 'okand@example.se' });
    expect(known.res.statusCode).toBe(unknown.res.statusCode);
    expect(known.res.body.replaceAll('rut@example.se', 'X')).toBe(
      unknown.res.body.replaceAll('okand@example.se', 'X'),
    );
    expect(await emailsTo(t, 'okand@example.se')).toHaveLength(0);
    const mail = await lastEmail(t.db, 'rut@example.se', 'password-reset');
    expect(mail.subject).toBe('Återställ ditt lösenord');
    const link = linkIn(mail.textBody, '/idp/reset/');

    expect((await b.go('GET', link)).res.body).toContain('<h1>Välj ett nytt lösenord</h1>');
    const mismatch = await b.go('POST', link, { password: 'newpass2024', repeat: 'other2024x' });
    expect(mismatch.res.body).toContain('Lösenorden är inte likadana.');
    const weak = await b.go('POST', link, { password: 'kort', repeat: 'kort' });
    expect(weak.res.body).toContain('Lösenordet måste vara minst 8 tecken.');
    const done = await b.go('POST', link, { password: 'newpass2024', repeat: 'newpass2024' });
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
    expect((await me(b)).json().id).toBe(rut.id);
    // Every other session of the member ended.
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    expect((await me(member)).statusCode).toBe(401);
    expect(await lastEmail(t.db, 'rut@example.se', 'password-changed')).toBeTruthy();
    // Single use; the new password works, the old does not.
    expect(
      (await browser(t.app).go('POST', link, { password: 'another2024', repeat: 'another2024' })).res.body,
    ).toContain('redan använts');
    const l = browser(t.app);
    const uid = await startLogin(l);
    expect(
      (
        await l.go('POST', `/idp/interaction/${uid}/login`, {
          email: 'rut@example.se',
          password: 'chip2024xx',
        })
      ).res.statusCode,
    ).toBe(401);
    expect(
      (
        await l.go('POST', `/idp/interaction/${uid}/login`, {
          email: 'rut@example.se',
          password: 'newpass2024',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
  });

  it('expires a reset link after an hour', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Ex',
      lastName: 'Pired',
      email: 'expired@example.se',
      password: 'iron7iron7',
    });
    const b = browser(t.app);
    await b.go('POST', '/idp/forgot', { email: 'expired@example.se' });
    const link = linkIn(
      (await lastEmail(t.db, 'expired@example.se', 'password-reset')).textBody,
      '/idp/reset/',
    );
    const [token] = await t.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.email, 'expired@example.se'), eq(accountTokens.kind, 'reset_password')));
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(3600_000);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.id, token.id));
    const res = await b.go('POST', link, { password: 'newpass2024', repeat: 'newpass2024' });
    expect(res.res.statusCode).toBe(400);
    expect(res.res.body).toContain('Länken har gått ut');
  });
});
