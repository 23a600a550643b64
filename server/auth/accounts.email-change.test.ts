import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts, users } from '../db/schema';
import { browser, lastEmail, linkIn, signUpAndVerify, startLogin } from '../test/browser';
import { profileFormPayload } from '../test/factories';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createAccountsContext, me } from './accounts.test-helpers';

/** Changing the address: the new one counts only once it is confirmed. */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

describe('changing the address', () => {
  it('keeps the old address until the new one is confirmed; nobody else can use the new one', async () => {
    const member = await signUpAndVerify(t.app, t.db, {
      firstName: 'Mia',
      lastName: 'Member',
      email: 'mia@example.se',
      password: 'putter2024',
    });
    const before = (await me(member)).json();
    const client = await t.as({ id: before.id });
    const res = await client.put(
      `/api/users/${before.id}`,
      profileFormPayload({ firstName: 'Mia', lastName: 'Member', email: 'mia.new@example.se' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'mia@example.se', pendingEmail: 'mia.new@example.se' });
    const notice = await lastEmail(t.db, 'mia@example.se', 'email-change-notice');
    expect(notice.textBody).toContain('mia.new@example.se');
    const confirm = await lastEmail(t.db, 'mia.new@example.se', 'email-change-confirm');
    const link = linkIn(confirm.textBody, '/email/confirm?token=');

    // An attacker signs up at the issuer with the pending address: cannot log in, reaches nothing.
    const attacker = browser(t.app);
    const uid = await startLogin(attacker, 'signup');
    await attacker.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Evil',
      lastName: 'Eve',
      email: 'mia.new@example.se',
      password: 'stolen12345',
    });
    const tryLogin = await attacker.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'mia.new@example.se',
      password: 'stolen12345',
    });
    expect(tryLogin.res.statusCode).toBe(403);
    expect((await me(attacker)).statusCode).toBe(401);
    // The old address still logs in.
    const old = browser(t.app);
    const uid2 = await startLogin(old);
    expect(
      (
        await old.go('POST', `/idp/interaction/${uid2}/login`, {
          email: 'mia@example.se',
          password: 'putter2024',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
    expect((await me(old)).json().id).toBe(before.id);

    // The owner confirms: the address takes effect everywhere, the attacker's unconfirmed account is gone.
    const token = new URL(link).searchParams.get('token')!;
    const confirmed = await t.anon.post('/api/me/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().email).toBe('mia.new@example.se');
    const accounts = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'mia.new@example.se'));
    expect(accounts).toHaveLength(1);
    expect(accounts[0].firstName).toBe('Mia');
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      email: 'mia.new@example.se',
      pendingEmail: null,
      emailVerified: true,
    });
    expect(await lastEmail(t.db, 'mia@example.se', 'email-changed')).toBeTruthy();
    const fresh = browser(t.app);
    const uid3 = await startLogin(fresh);
    expect(
      (
        await fresh.go('POST', `/idp/interaction/${uid3}/login`, {
          email: 'mia@example.se',
          password: 'putter2024',
        })
      ).res.statusCode,
    ).toBe(401);
    expect(
      (
        await fresh.go('POST', `/idp/interaction/${uid3}/login`, {
          email: 'mia.new@example.se',
          password: 'putter2024',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
    expect((await me(fresh)).json().id).toBe(before.id);
    // Single use.
    const twice = await t.anon.post('/api/me/email/confirm', { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('redan använts');
  });

  it('changes nothing when another account confirmed the address first, and cancels from the old address', async () => {
    const u = await signUpAndVerify(t.app, t.db, {
      firstName: 'Kim',
      lastName: 'K',
      email: 'kim@example.se',
      password: 'wedge20245',
    });
    const kim = (await me(u)).json();
    const client = await t.as({ id: kim.id });
    const { requestEmailChange } = await import('./email-change');
    const [row] = await t.db.select().from(users).where(eq(users.id, kim.id));
    await t.db.transaction((tx) => requestEmailChange(tx, t.app.mail, row, 'shared@example.se'));
    const link = linkIn(
      (await lastEmail(t.db, 'shared@example.se', 'email-change-confirm')).textBody,
      'token=',
    );
    // Someone else signs up with the address and confirms it first.
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Sam',
      lastName: 'S',
      email: 'shared@example.se',
      password: 'driver20245',
    });
    const res = await t.anon.post('/api/me/email/confirm', {
      token: new URL(link).searchParams.get('token')!,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Inget har ändrats');
    expect((await client.get('/api/auth/user')).json().email).toBe('kim@example.se');

    // A new change, cancelled from the old address: the confirm link then does nothing.
    const [row2] = await t.db.select().from(users).where(eq(users.id, kim.id));
    await t.db.transaction((tx) => requestEmailChange(tx, t.app.mail, row2, 'kim2@example.se'));
    const cancel = linkIn(
      (await lastEmail(t.db, 'kim@example.se', 'email-change-notice')).textBody,
      '/email/cancel?token=',
    );
    const confirm2 = linkIn(
      (await lastEmail(t.db, 'kim2@example.se', 'email-change-confirm')).textBody,
      'token=',
    );
    const cancelled = await t.anon.post('/api/me/email/cancel', {
      token: new URL(cancel).searchParams.get('token')!,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toContain('avbruten');
    expect((await client.get('/api/auth/user')).json().pendingEmail).toBeNull();
    const late = await t.anon.post('/api/me/email/confirm', {
      token: new URL(confirm2).searchParams.get('token')!,
    });
    expect(late.statusCode).toBe(400);
    expect((await client.get('/api/auth/user')).json().email).toBe('kim@example.se');
  });

  it('validates the token body', async () => {
    for (const body of [
      'null',
      '[]',
      '"x"',
      '{}',
      '{"token":"short"}',
      JSON.stringify({ token: 'a'.repeat(500) }),
    ]) {
      const res = await t.anon.post('/api/me/email/confirm', body, { 'content-type': 'application/json' });
      expect(res.statusCode, body).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});
