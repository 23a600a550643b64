import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../db/schema';
import { browser, lastEmail, linkIn, signUpAndVerify, startLogin } from '../test/browser';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createAccountsContext, emailsTo, me } from './accounts.test-helpers';
import { LOGIN_FAILURES_BEFORE_SPACING, LOGIN_SPACING_CAP_SECONDS } from './idp/accounts';

/**
 * Failed passwords: a source (client address) waits for an address after too many, and only the
 * owner is told; failures from many sources only space attempts out. Nobody can lock an owner out.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

describe('failed passwords', () => {
  it('makes an address wait after 10 failures in an hour and tells the owner, without telling strangers anything', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Lå',
      lastName: 'St',
      email: 'locked@example.se',
      password: 'sand2024xx',
    });
    const b = browser(t.app);
    const uid = await startLogin(b);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (
          await b.go('POST', `/idp/interaction/${uid}/login`, {
            email: 'locked@example.se',
            password: `wrong${i}xx1`,
          })
        ).res.statusCode,
      );
    }
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
    // Even the right password waits now.
    const right = await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'locked@example.se',
      password: 'sand2024xx',
    });
    expect(right.res.statusCode).toBe(429);
    expect(right.res.body).toContain('För många misslyckade inloggningar');
    const told = await emailsTo(t, 'locked@example.se');
    expect(told.filter((m) => m.template === 'login-locked')).toHaveLength(1);

    // An address without an account behaves the same, and nobody gets an e-mail.
    const s2: number[] = [];
    for (let i = 0; i < 10; i++) {
      s2.push(
        (
          await b.go('POST', `/idp/interaction/${uid}/login`, {
            email: 'ghost@example.se',
            password: `wrong${i}xx1`,
          })
        ).res.statusCode,
      );
    }
    expect(s2).toEqual(statuses);
    expect(await emailsTo(t, 'ghost@example.se')).toHaveLength(0);

    // When the wait is over the right password works again.
    await t.db.update(loginThrottle).set({ lockedUntil: new Date(Date.now() - 1) });
    expect(
      (
        await b.go('POST', `/idp/interaction/${uid}/login`, {
          email: 'locked@example.se',
          password: 'sand2024xx',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
  });

  // One login page per source, used until a login succeeds (a failed one stays on it).
  const pages = new Map<string, { b: ReturnType<typeof browser>; uid: string }>();
  const login = async (email: string, password: string, remoteAddress: string) => {
    let page = pages.get(remoteAddress);
    if (!page) {
      const b = browser(t.app, { remoteAddress });
      page = { b, uid: await startLogin(b) };
      pages.set(remoteAddress, page);
    }
    const res = await page.b.go('POST', `/idp/interaction/${page.uid}/login`, { email, password });
    const loggedIn = res.url === `${TEST_ORIGIN}/`;
    if (loggedIn) pages.delete(remoteAddress);
    return { status: res.res.statusCode, loggedIn, body: res.res.body, b: page.b };
  };

  it("lets the owner in from another address while an attacker's address waits (no lock-out by failing on purpose)", async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Ägare',
      lastName: 'Ö',
      email: 'owner@example.se',
      password: 'hemma2024xx',
    });
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await login('owner@example.se', `guess${i}xx1`, attacker)).status);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(9).every((s) => s === 429)).toBe(true);
    // The attacker's address waits, even with the right password.
    const blocked = await login('owner@example.se', 'hemma2024xx', attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.loggedIn).toBe(false);
    // The owner, from home, logs in at once.
    expect((await login('owner@example.se', 'hemma2024xx', '198.51.100.20')).loggedIn).toBe(true);
    // Another attacker in the same IPv6 /64 is the same source.
    for (let i = 0; i < 10; i++) await login('owner@example.se', `v6guess${i}x1`, '2001:db8:1:2::1');
    expect((await login('owner@example.se', 'hemma2024xx', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await login('owner@example.se', 'hemma2024xx', '2001:db8:1:3::1')).loggedIn).toBe(true);
    // The owner is told once, however many sources failed.
    expect((await emailsTo(t, 'owner@example.se')).filter((m) => m.template === 'login-locked')).toHaveLength(
      1,
    );
  }, 60_000);

  it('lets the owner in by a reset link while waiting, which lifts the wait', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Rut',
      lastName: 'R',
      email: 'waiting@example.se',
      password: 'tillbaka2024',
    });
    const here = '192.0.2.44';
    for (let i = 0; i < 10; i++) await login('waiting@example.se', `forgot${i}xx1`, here);
    expect((await login('waiting@example.se', 'tillbaka2024', here)).status).toBe(429);
    const b = browser(t.app, { remoteAddress: here });
    await b.go('POST', '/idp/forgot', { email: 'waiting@example.se' });
    const link = linkIn(
      (await lastEmail(t.db, 'waiting@example.se', 'password-reset')).textBody,
      '/idp/reset/',
    );
    const done = await b.go('POST', link, { password: 'again2024xx', repeat: 'again2024xx' });
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
    expect((await me(b)).statusCode).toBe(200);
    expect((await login('waiting@example.se', 'again2024xx', here)).loggedIn).toBe(true);
  }, 60_000);

  it('only spaces attempts out when many sources fail: a slow ramp, capped, never a lock-out', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Många',
      lastName: 'M',
      email: 'many@example.se',
      password: 'ensam2024xx',
    });
    // Twenty sources fail twice each (40 failures, none of them reaches its own wait).
    const results: number[] = [];
    for (let i = 0; i < 40; i++) {
      results.push((await login('many@example.se', `wrong${i}xx1`, `198.18.0.${i % 20}`)).status);
    }
    // The first LOGIN_FAILURES_BEFORE_SPACING are ordinary failures; beyond, the address takes one
    // attempt per 1, 2, 4 … s and answers 'wait a moment' to everyone in between.
    expect(results.slice(0, LOGIN_FAILURES_BEFORE_SPACING).every((s) => s === 401)).toBe(true);
    const letThrough = results.slice(LOGIN_FAILURES_BEFORE_SPACING).filter((s) => s === 401).length;
    expect(letThrough).toBeGreaterThanOrEqual(1);
    expect(letThrough).toBeLessThanOrEqual(6);
    expect(results.slice(LOGIN_FAILURES_BEFORE_SPACING).filter((s) => s === 429)).toHaveLength(
      20 - letThrough,
    );
    // Only the attempts let through are counted, so the wait grows with them, not with the flood.
    const [all] = await t.db
      .select()
      .from(loginThrottle)
      .where(sql`${loginThrottle.emailKey} = 'many@example.se'`);
    expect(all.failures).toBe(LOGIN_FAILURES_BEFORE_SPACING + letThrough);
    // During a wait even the right password is answered 'wait a moment' (else the wait would tell it).
    await t.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() + 30_000) })
      .where(sql`${loginThrottle.emailKey} = 'many@example.se'`);
    const slow = await login('many@example.se', 'ensam2024xx', '100.64.0.1');
    expect(slow.status).toBe(429);
    expect(slow.loggedIn).toBe(false);
    expect(slow.body).toContain('Vänta en minut och försök igen');
    // The ramp doubles per failure let through and stops at the cap.
    await t.db
      .update(loginThrottle)
      .set({ failures: 200 })
      .where(sql`${loginThrottle.emailKey} = 'many@example.se'`);
    await t.db
      .update(loginThrottle)
      .set({ lockedUntil: null })
      .where(sql`${loginThrottle.emailKey} = 'many@example.se'`);
    await login('many@example.se', 'wrongagain1', '100.64.0.2');
    const [capped] = await t.db
      .select()
      .from(loginThrottle)
      .where(sql`${loginThrottle.emailKey} = 'many@example.se'`);
    expect(capped.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(
      (LOGIN_SPACING_CAP_SECONDS - 5) * 1000,
    );
    expect(capped.lockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(LOGIN_SPACING_CAP_SECONDS * 1000);
    // Once the short wait is over, the owner's right password logs in from any address.
    await t.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(sql`${loginThrottle.emailKey} = 'many@example.se'`);
    expect((await login('many@example.se', 'ensam2024xx', '198.18.0.3')).loggedIn).toBe(true);
  }, 60_000);
});
