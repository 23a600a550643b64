import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts, sessions, users } from '../db/schema';
import { buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';

/** A tiny browser: follows redirects within the site and keeps cookies. */
function browser(app: FastifyInstance) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const u = new URL(url, TEST_ORIGIN);
    const res = await app.inject({
      method,
      url: u.pathname + u.search,
      headers: {
        host: 'localhost:5000',
        cookie: cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    const setCookies = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), rest.join('='));
    }
    return res;
  }
  /** Requests and follows redirects; answers the last response and the URL it came from. */
  async function go(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    let res = await request(method, url, form);
    let current = url;
    for (let i = 0; i < 10 && res.statusCode >= 300 && res.statusCode < 400; i++) {
      current = new URL(String(res.headers.location), TEST_ORIGIN).href;
      res = await request('GET', current);
    }
    return { res, url: current };
  }
  return { go, request, jar };
}

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

  it('signs up, comes back logged in, and logs out', async () => {
    const b = browser(t.app);
    const start = await b.go('GET', '/api/login?screen=signup');
    expect(start.url).toMatch(/\/idp\/interaction\/[^/]+$/);
    expect(start.res.body).toContain('<h1>Bli medlem</h1>');
    const uid = start.url.split('/').pop()!;

    const weak = await b.go('POST', `/idp/interaction/${uid}/signup`, {
      firstName: 'Greta',
      lastName: 'Golf',
      email: 'greta@example.se',
      password: 'kort',
    });
    expect(weak.res.statusCode).toBe(400);
    expect(weak.res.body).toContain('Lösenordet måste vara minst 8 tecken.');
    expect(weak.res.body).toContain('value="greta@example.se"');

    const done = await b.go('POST', `/idp/interaction/${uid}/signup`, {
      firstName: 'Greta',
      lastName: 'Golf',
      email: 'greta@example.se',
      password: 'birdie2024',
    });
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
    const me = await b.request('GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
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

    const out = await b.go('GET', '/api/logout');
    // The issuer asks to confirm its own logout; our session is gone already.
    expect(out.res.body).toContain('op.logoutForm');
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a taken e-mail and a wrong password with Swedish messages', async () => {
    const b = browser(t.app);
    const start = await b.go('GET', '/api/login?screen=signup');
    const uid = start.url.split('/').pop()!;
    const taken = await b.go('POST', `/idp/interaction/${uid}/signup`, {
      firstName: 'G',
      lastName: 'G',
      email: 'GRETA@example.se',
      password: 'birdie2025',
    });
    expect(taken.res.body).toContain('Det finns redan ett konto med den e-postadressen');
    const login = await b.go('GET', `/idp/interaction/${uid}/login`);
    expect(login.res.body).toContain('<h1>Logga in</h1>');
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

  it('rotates the session id at login and links a seeded member by verified e-mail', async () => {
    const seeded = await buildUser(t.db, { email: 'boss@example.se', firstName: 'Bo', lastName: 'Ss' });
    const b = browser(t.app);
    const start = await b.go('GET', '/api/login');
    const before = b.jar.get('sg.sid');
    expect(before).toBeTruthy();
    const uid = start.url.split('/').pop()!;
    // Create the issuer account the way sign-up does, then log in.
    await b.go('GET', `/idp/interaction/${uid}/signup`);
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      firstName: 'Bo',
      lastName: 'Ss',
      email: 'boss@example.se',
      password: 'chefen123',
    });
    expect(b.jar.get('sg.sid')).not.toBe(before);
    const me = (await b.request('GET', '/api/auth/user')).json();
    expect(me.id).toBe(seeded.id);
    // ADMIN_EMAILS gives the admin role at login.
    expect(me.role).toBe('admin');
    expect(me.isPro).toBe(true);
    const row = (await t.db.select().from(users).where(eq(users.id, seeded.id)))[0];
    expect(row.oidcSubject).toBeTruthy();
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
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
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
});
