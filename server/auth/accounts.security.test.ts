import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { signUpAndVerify } from '../test/browser';
import { buildUser } from '../test/factories';
import type { TestContext } from '../test/test-app';
import { createAccountsContext, me } from './accounts.test-helpers';

/** The 'Säkerhet' section: changing the password, the login provider, 'Logga ut överallt'. */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

describe('the Säkerhet section', () => {
  it('changes the password: checks the current one, ends the other sessions, keeps this one', async () => {
    const b = await signUpAndVerify(t.app, t.db, {
      firstName: 'Pia',
      lastName: 'P',
      email: 'pia@example.se',
      password: 'green2024x',
    });
    const pia = (await me(b)).json();
    const here = await t.as({ id: pia.id });
    const elsewhere = await t.as({ id: pia.id });
    expect(
      (await t.anon.post('/api/me/password', { currentPassword: 'x', newPassword: 'y' })).statusCode,
    ).toBe(401);
    const wrong = await here.post('/api/me/password', {
      currentPassword: 'nope',
      newPassword: 'fairway2024',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Fel lösenord', field: 'currentPassword' });
    const weak = await here.post('/api/me/password', { currentPassword: 'green2024x', newPassword: 'short' });
    expect(weak.json().message).toBe('Lösenordet måste vara minst 8 tecken.');
    const ok = await here.post('/api/me/password', {
      currentPassword: 'green2024x',
      newPassword: 'fairway2024',
    });
    expect(ok.statusCode).toBe(204);
    expect((await here.get('/api/auth/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/user')).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    const info = await here.get('/api/me/security');
    expect(info.json()).toEqual({
      loginProvider: 'builtin',
      email: 'pia@example.se',
      emailVerified: true,
      pendingEmail: null,
    });
    expect(info.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for the password of a member who logs in elsewhere', async () => {
    const ext = await buildUser(t.db, { oidcIssuer: 'https://id.example', oidcSubject: 'ext-pw' });
    const c = await t.as(ext);
    const res = await c.post('/api/me/password', { currentPassword: 'a', newPassword: 'fairway2024' });
    expect(res.statusCode).toBe(404);
    expect((await c.get('/api/me/security')).json().loginProvider).toBe('external');
  });

  it("'Logga ut överallt' ends every session of the member and nobody else's", async () => {
    const u = await buildUser(t.db);
    const other = await buildUser(t.db);
    const a = await t.as(u);
    const b2 = await t.as(u);
    const o = await t.as(other);
    expect((await a.post('/api/me/logout-everywhere')).statusCode).toBe(204);
    expect((await a.get('/api/auth/user')).statusCode).toBe(401);
    expect((await b2.get('/api/auth/user')).statusCode).toBe(401);
    expect((await o.get('/api/auth/user')).statusCode).toBe(200);
    const left = await t.db.select().from(sessions).where(sql`${sessions.sess}->>'userId' = ${u.id}`);
    expect(left).toHaveLength(0);
  });
});
