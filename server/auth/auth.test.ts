import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts, sessions, users } from '../db/schema';
import { browser, signUpAndVerify, startLogin } from '../test/browser';
import { buildUser, profileFormPayload } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';
import { TERMS_REQUIRED } from './idp/accounts';

describe('login through the built-in issuer', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ ADMIN_EMAILS: 'boss@example.se' });
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor', async () => {
    const res = await t.anon.get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Du måste vara inloggad' });
  });

  it('answers the app’s session probe with 200 and user null to a visitor (no failed request in the browser)', async () => {
    const res = await t.anon.get('/api/auth/session');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('signs up, confirms the address, comes back logged in, and logs out', async () => {
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    const weak = await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Greta',
      lastName: 'Golf',
      email: 'greta@example.se',
      password: 'kort',
    });
    expect(weak.res.statusCode).toBe(400);
    expect(weak.res.body).toContain('Lösenordet måste vara minst 8 tecken.');
    expect(weak.res.body).toContain('value="greta@example.se"');
    // Without ticking the terms and privacy policy: refused, nothing stored, the form kept.
    const unticked = await b.go('POST', `/idp/interaction/${uid}/signup`, {
      firstName: 'Greta',
      lastName: 'Golf',
      email: 'greta@example.se',
      password: 'birdie2024',
    });
    expect(unticked.res.statusCode).toBe(400);
    expect(unticked.res.body).toContain(TERMS_REQUIRED);
    expect(unticked.res.body).toContain('value="greta@example.se"');
    expect(await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'greta@example.se'))).toEqual(
      [],
    );

    const done = await signUpAndVerify(t.app, t.db, {
      firstName: 'Greta',
      lastName: 'Golf',
      email: 'greta@example.se',
      password: 'birdie2024',
    });
    const me = await done.request('GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    const [signedUp] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'greta@example.se'));
    expect(signedUp.termsAcceptedAt).not.toBeNull();
    const user = me.json();
    expect(user).toMatchObject({
      email: 'greta@example.se',
      firstName: 'Greta',
      lastName: 'Golf',
      role: 'member',
    });
    expect(user.fullName).toBe('Greta Golf');
    expect(JSON.stringify(user)).not.toMatch(/password|oidc/i);
    const account = (
      await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'greta@example.se'))
    )[0];
    expect(account.passwordHash).toMatch(/^scrypt\$/);
    expect(account.passwordHash).not.toContain('birdie2024');

    const out = await done.go('GET', '/api/logout');
    // The issuer asks to confirm its own logout; our session is gone already.
    expect(out.res.body).toContain('op.logoutForm');
    expect((await done.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a wrong password with a Swedish message, the same for an unknown address', async () => {
    const b = browser(t.app);
    const uid = await startLogin(b);
    const login = await b.go('GET', `/idp/interaction/${uid}/login`);
    expect(login.res.body).toContain('<h1>Logga in</h1>');
    expect(login.res.body).toContain('Glömt lösenordet?');
    const wrong = await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'greta@example.se',
      password: 'fel12345',
    });
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.body).toContain('Fel e-postadress eller lösenord.');
    const unknown = await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'ingen@example.se',
      password: 'fel12345',
    });
    expect(unknown.res.body).toContain('Fel e-postadress eller lösenord.');
    const ok = await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'greta@example.se',
      password: 'birdie2024',
    });
    expect(ok.url).toBe(`${TEST_ORIGIN}/`);
    expect((await b.request('GET', '/api/auth/user')).json().email).toBe('greta@example.se');
  });

  it('rotates the session id at login', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Ro',
      lastName: 'Tate',
      email: 'rotate@example.se',
      password: 'spin2024xyz',
    });
    const b = browser(t.app);
    const uid = await startLogin(b);
    const before = b.cookie('sg.sid');
    expect(before).toBeTruthy();
    await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'rotate@example.se',
      password: 'spin2024xyz',
    });
    expect(b.cookie('sg.sid')).not.toBe(before);
    expect((await b.request('GET', '/api/auth/user')).json().email).toBe('rotate@example.se');
  });

  it('refuses a callback with a forged state and keeps nobody logged in', async () => {
    const b = browser(t.app);
    await b.go('GET', '/api/login');
    const res = await b.request('GET', '/api/callback?code=abc&state=forged');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Inloggningen kunde inte slutföras/);
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('keeps the session server-side: the cookie is only an id', async () => {
    const u = await buildUser(t.db);
    const c = await t.as(u);
    expect((await c.get('/api/auth/user')).json().id).toBe(u.id);
    await t.db.delete(sessions);
    // Each instance keeps sessions in memory until the deletion's NOTIFY arrives (PostgreSQL: milliseconds).
    await expect.poll(async () => (await c.get('/api/auth/user')).statusCode, { timeout: 2000 }).toBe(401);
  });
});

describe('the logged-in member between requests', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('follows a role change or a deleted account made outside this server within a second', async () => {
    const member = await buildUser(t.db, { firstName: 'Cache' });
    const c = await t.as(member);
    expect((await c.get('/api/auth/user')).json().role).toBe('member');
    // Straight to the database, as another instance or `npm run make-admin` would.
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, member.id));
    await expect
      .poll(async () => (await c.get('/api/auth/user')).json().role, { timeout: 1000, interval: 20 })
      .toBe('admin');
    await t.db.delete(users).where(eq(users.id, member.id));
    await expect
      .poll(async () => (await c.get('/api/auth/user')).statusCode, { timeout: 1000, interval: 20 })
      .toBe(401);
  });

  it('answers the member’s own record as it is now: a profile change at once, Pro ending with its period', async () => {
    const member = await buildUser(t.db, {
      firstName: 'Period',
      membershipType: 'pro',
      stripeSubscriptionId: 'sub_test_period',
      subscriptionStatus: 'cancel_at_period_end',
      subscriptionPeriodEnd: new Date(Date.now() + 1500),
    });
    const c = await t.as(member);
    const first = await c.get('/api/auth/user');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toMatchObject({ firstName: 'Period', isPro: true });
    // The same answer again (kept serialized), then the member's own change shows on the next request.
    expect((await c.get('/api/auth/user')).body).toBe(first.body);
    const profile = profileFormPayload({ club: 'Ullna GK', email: member.email });
    expect((await c.put(`/api/users/${member.id}`, profile)).statusCode).toBe(200);
    expect((await c.get('/api/auth/user')).json()).toMatchObject({ club: 'Ullna GK', isPro: true });
    // Nothing changes in the database when the paid period runs out: the answer follows the clock.
    await expect
      .poll(async () => (await c.get('/api/auth/user')).json().isPro, { timeout: 3000, interval: 100 })
      .toBe(false);
  });

  it('answers the session probe with the member’s own record, the same as GET /api/auth/user, and null once logged out', async () => {
    const member = await buildUser(t.db, { firstName: 'Probe', membershipType: 'pro' });
    const c = await t.as(member);
    const session = await c.get('/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: (await c.get('/api/auth/user')).json() });
    expect(session.json().user).toMatchObject({
      id: member.id,
      firstName: 'Probe',
      email: member.email,
      isPro: true,
    });
    expect((await c.get('/api/auth/session')).body).toBe(session.body);
    const profile = profileFormPayload({ club: 'Probe GK', email: member.email });
    expect((await c.put(`/api/users/${member.id}`, profile)).statusCode).toBe(200);
    expect((await c.get('/api/auth/session')).json().user).toMatchObject({ club: 'Probe GK' });
    await t.db.delete(users).where(eq(users.id, member.id));
    await expect
      .poll(async () => (await c.get('/api/auth/session')).json(), { timeout: 1000, interval: 20 })
      .toEqual({ user: null });
  });
});
