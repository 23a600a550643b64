import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { browser, signUpAndVerify, startLogin } from '../test/browser';
import { buildUser } from '../test/factories';
import type { TestContext } from '../test/test-app';
import { createAccountsContext, me } from './accounts.test-helpers';
import { upsertLoginUser } from './auth.service';

/** ADMIN_EMAILS and linking a login to a member by address: only a proven address counts. */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

describe('ADMIN_EMAILS and linking by address', () => {
  it('never makes an unconfirmed sign-up with an admin address an administrator', async () => {
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Fake',
      lastName: 'Boss',
      email: 'boss@example.se',
      password: 'takeover123',
    });
    const login = await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'boss@example.se',
      password: 'takeover123',
    });
    expect(login.res.statusCode).toBe(403);
    expect((await me(b)).statusCode).toBe(401);
    expect(
      await t.db.select().from(users).where(sql`lower(${users.email}) = 'boss@example.se'`),
    ).toHaveLength(0);
  });

  it('makes a confirmed admin address admin, and links a seeded member once', async () => {
    const seeded = await buildUser(t.db, { email: 'chef@example.se', firstName: 'Bo', lastName: 'Ss' });
    const b = await signUpAndVerify(t.app, t.db, {
      firstName: 'Bo',
      lastName: 'Ss',
      email: 'chef@example.se',
      password: 'boss2024ok',
    });
    const user = (await me(b)).json();
    expect(user.id).toBe(seeded.id);
    expect(user.role).toBe('admin');
  });

  it('trusts an external issuer’s address only when it says email_verified', async () => {
    const seeded = await buildUser(t.db, { email: 'sara@example.se' });
    const unverified = await upsertLoginUser(
      t.db,
      { issuer: 'https://id.example', subject: 'ext-1', email: 'sara@example.se', emailVerified: false },
      ['sara@example.se'],
    );
    expect(unverified.id).not.toBe(seeded.id);
    expect(unverified.role).toBe('member');
    expect(unverified.email).toBeNull();

    const boss = await upsertLoginUser(
      t.db,
      { issuer: 'https://id.example', subject: 'ext-2', email: 'ext-boss@example.se', emailVerified: false },
      ['ext-boss@example.se'],
    );
    expect(boss.role).toBe('member');
    expect(boss.email).toBe('ext-boss@example.se');
    expect(boss.emailVerifiedAt).toBeNull();
    // The owner who proves the address later gets it; the unproven holder loses it.
    const owner = await upsertLoginUser(
      t.db,
      { issuer: 'https://other.example', subject: 'o-1', email: 'ext-boss@example.se', emailVerified: true },
      ['ext-boss@example.se'],
    );
    expect(owner.id).not.toBe(boss.id);
    expect(owner.email).toBe('ext-boss@example.se');
    expect(owner.role).toBe('admin');
    expect((await t.db.select().from(users).where(eq(users.id, boss.id)))[0].email).toBeNull();
  });

  it('never re-links a member who has a login, by any address', async () => {
    const linked = await upsertLoginUser(
      t.db,
      { issuer: 'builtin', subject: 'acc-1', email: 'linked@example.se', emailVerified: true },
      [],
    );
    const other = await upsertLoginUser(
      t.db,
      { issuer: 'https://id.example', subject: 'ext-9', email: 'linked@example.se', emailVerified: true },
      [],
    );
    expect(other.id).not.toBe(linked.id);
    expect(other.email).toBeNull();
    const again = await upsertLoginUser(
      t.db,
      { issuer: 'builtin', subject: 'acc-1', email: 'whatever@example.se', emailVerified: true },
      [],
    );
    expect(again.id).toBe(linked.id);
  });
});
