import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../db/schema';
import { browser, signUpAndVerify, startLogin } from '../test/browser';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createAccountsContext, emailsTo } from './accounts.test-helpers';

/** Failed passwords: an address waits after too many, and only its owner is told. */

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
    await t.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(eq(loginThrottle.emailKey, 'locked@example.se'));
    expect(
      (
        await b.go('POST', `/idp/interaction/${uid}/login`, {
          email: 'locked@example.se',
          password: 'sand2024xx',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
  });
});
