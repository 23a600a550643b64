import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { idpAccounts, loginThrottle, passkeys } from '../../db/schema';
import { browser as siteBrowser, startLogin as startSiteLogin } from '../../test/browser';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { passkeyLoginAsset } from './passkey-assets';
import { passkeyMessages } from './passkeys.service';
import { addPasskey, builtInMember, EVIL_ORIGIN } from './passkeys.test-helpers';

function browser(app: FastifyInstance) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function request(
    method: 'GET' | 'POST',
    url: string,
    body?: { json: unknown; origin?: string } | { form: Record<string, string> },
  ) {
    const u = new URL(url, TEST_ORIGIN);
    const headers: Record<string, string> = { host: 'localhost:5000', cookie: cookieHeader() };
    let payload: string | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      headers.origin = body.origin ?? TEST_ORIGIN;
      payload = JSON.stringify(body.json);
    } else if (body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = TEST_ORIGIN;
      payload = new URLSearchParams(body.form).toString();
    }
    const res = await app.inject({ method, url: u.pathname + u.search, headers, payload });
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
  async function go(url: string) {
    let res = await request('GET', url);
    let current = new URL(url, TEST_ORIGIN).href;
    for (let i = 0; i < 10 && res.statusCode >= 300 && res.statusCode < 400; i++) {
      current = new URL(String(res.headers.location), current).href;
      res = await request('GET', current);
    }
    return { res, url: current };
  }
  /** Opens the issuer's login page through /api/login; answers the interaction uid. */
  async function startLogin() {
    const start = await go('/api/login');
    expect(start.url).toMatch(/\/idp\/interaction\/[^/]+$/);
    return { uid: start.url.split('/').pop()!, page: start.res.body };
  }
  const options = (uid: string) => request('POST', `/idp/interaction/${uid}/passkey/options`, { json: {} });
  const verify = (uid: string, response: unknown, origin?: string) =>
    request('POST', `/idp/interaction/${uid}/passkey/verify`, { json: { response }, origin });
  return { go, request, startLogin, options, verify };
}

describe('passkeys: "Logga in med nyckel" on the built-in issuer', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('offers the passkey block hidden (the page works without JavaScript) and serves its scripts', async () => {
    const b = browser(t.app);
    const { uid, page } = await b.startLogin();
    expect(page).toContain('<div id="passkey-login" hidden>');
    expect(page).toContain(`data-uid="${uid}"`);
    expect(page).toContain('autocomplete="username webauthn"');
    expect(page).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const scripts = [...page.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(2);
    for (const src of scripts) {
      const res = await t.anon.get(src.replaceAll('&amp;', '&'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(scripts[0]).toMatch(/simplewebauthn-browser\.js\?v=/);
    const bundle = await t.anon.get(scripts[0]);
    expect(bundle.body).toContain('SimpleWebAuthnBrowser');
    // Without the current version the script is revalidated instead of cached for a year.
    const plain = await t.anon.get(passkeyLoginAsset.path);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toContain('startAuthentication');
    const again = await t.anon.get(passkeyLoginAsset.path, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('logs a member in with a passkey added on the site, and records its use', async () => {
    const m = await builtInMember(t);
    const key = await addPasskey(m, 'Telefonen');
    const b = browser(t.app);
    const { uid } = await b.startLogin();
    const optionsRes = await b.options(uid);
    expect(optionsRes.statusCode).toBe(200);
    expect(optionsRes.headers['cache-control']).toBe('no-store');
    const options = optionsRes.json();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const res = await b.verify(uid, m.authenticator.authenticate(options));
    expect(res.statusCode).toBe(200);
    const { redirectTo } = res.json();
    expect(redirectTo).toContain(`/idp/auth/${uid}`);
    const done = await b.go(redirectTo);
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
    const me = await b.request('GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(m.user.id);

    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, key.id));
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    expect((await m.client.get('/api/me/passkeys')).json()[0].lastUsedAt).toBe(row.lastUsedAt!.toISOString());
  });

  it('logs the owner in with a passkey while password guessing has made every guessing source wait', async () => {
    const m = await builtInMember(t);
    await addPasskey(m);
    // Three sources each fail ten times (their own wait) and beyond: the global spacing is on too.
    for (const remoteAddress of ['203.0.113.50', '203.0.113.51', '203.0.113.52']) {
      const g = siteBrowser(t.app, { remoteAddress });
      const uid = await startSiteLogin(g);
      for (let i = 0; i < 11; i++) {
        await g.go('POST', `/idp/interaction/${uid}/login`, {
          email: m.account.email,
          password: `guess${i}xx1`,
        });
      }
    }
    const waits = await t.db.select().from(loginThrottle);
    expect(waits.some((r) => r.lockedUntil && r.lockedUntil.getTime() > Date.now())).toBe(true);
    const b = browser(t.app);
    const { uid } = await b.startLogin();
    const options = (await b.options(uid)).json();
    const res = await b.verify(uid, m.authenticator.authenticate(options));
    expect(res.statusCode).toBe(200);
    expect((await b.go(res.json().redirectTo)).url).toBe(`${TEST_ORIGIN}/`);
    expect((await b.request('GET', '/api/auth/user')).json().id).toBe(m.user.id);
  });

  it('refuses a replayed answer, within the same login and in another one', async () => {
    const m = await builtInMember(t);
    await addPasskey(m);
    const b = browser(t.app);
    const { uid } = await b.startLogin();
    const options = (await b.options(uid)).json();
    const answer = m.authenticator.authenticate(options);
    // A wrong answer first: it uses the challenge up, so the right one is too late.
    const wrongOrigin = await b.verify(uid, m.authenticator.authenticate(options, { origin: EVIL_ORIGIN }));
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json()).toEqual({ message: passkeyMessages.loginFailed });
    const replay = await b.verify(uid, answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: passkeyMessages.loginFailed });

    // Another login page (new challenge): the old answer does not fit it.
    const second = await b.startLogin();
    await b.options(second.uid);
    expect((await b.verify(second.uid, answer)).statusCode).toBe(400);
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses an answer from another origin', async () => {
    const m = await builtInMember(t);
    await addPasskey(m);
    const b = browser(t.app);
    const { uid } = await b.startLogin();
    const options = (await b.options(uid)).json();
    const res = await b.verify(uid, m.authenticator.authenticate(options, { origin: EVIL_ORIGIN }));
    expect(res.statusCode).toBe(400);
    // A request from another site is refused before anything is looked at.
    const options2 = (await b.options(uid)).json();
    const crossSite = await b.verify(uid, m.authenticator.authenticate(options2), EVIL_ORIGIN);
    expect(crossSite.statusCode).toBe(400);
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a challenge of another login page and an unknown interaction', async () => {
    const m = await builtInMember(t);
    await addPasskey(m);
    const b = browser(t.app);
    const first = await b.startLogin();
    const second = await b.startLogin();
    const options = (await b.options(first.uid)).json();
    // Answered on the second page: the challenge belongs to the first.
    expect((await b.verify(second.uid, m.authenticator.authenticate(options))).statusCode).toBe(400);
    expect((await b.options('no-such-interaction')).statusCode).toBe(400);
  });

  it('logs in only the owner of the credential: a user handle of another account is refused', async () => {
    const victim = await builtInMember(t);
    await addPasskey(victim);
    const attacker = await builtInMember(t);
    await addPasskey(attacker);
    const b = browser(t.app);
    const { uid } = await b.startLogin();
    const options = (await b.options(uid)).json();
    const answer = attacker.authenticator.authenticate(options);
    answer.response.userHandle = Buffer.from(victim.account.id).toString('base64url');
    expect((await b.verify(uid, answer)).statusCode).toBe(400);
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(401);

    // The attacker's own key, honestly used, logs in the attacker, never the victim.
    const options2 = (await b.options(uid)).json();
    const own = await b.verify(uid, attacker.authenticator.authenticate(options2));
    expect(own.statusCode).toBe(200);
    await b.go(own.json().redirectTo);
    expect((await b.request('GET', '/api/auth/user')).json().id).toBe(attacker.user.id);
  });

  it('refuses a removed passkey and an account whose address was never confirmed', async () => {
    const m = await builtInMember(t);
    const key = await addPasskey(m);
    expect((await m.client.delete(`/api/me/passkeys/${key.id}`)).statusCode).toBe(204);
    const b = browser(t.app);
    const { uid } = await b.startLogin();
    const options = (await b.options(uid)).json();
    expect((await b.verify(uid, m.authenticator.authenticate(options))).statusCode).toBe(400);

    const unverified = await builtInMember(t);
    await addPasskey(unverified);
    await t.db
      .update(idpAccounts)
      .set({ emailVerifiedAt: null })
      .where(eq(idpAccounts.id, unverified.account.id));
    const options2 = (await b.options(uid)).json();
    const res = await b.verify(uid, unverified.authenticator.authenticate(options2));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: passkeyMessages.unverified });
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a counter that went backwards (a cloned authenticator)', async () => {
    const m = await builtInMember(t);
    const key = await addPasskey(m);
    await t.db.update(passkeys).set({ counter: 50 }).where(eq(passkeys.id, key.id));
    const b = browser(t.app);
    const { uid } = await b.startLogin();
    const options = (await b.options(uid)).json();
    expect((await b.verify(uid, m.authenticator.authenticate(options))).statusCode).toBe(400);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, key.id));
    expect(row.counter).toBe(50);
    expect(row.lastUsedAt).toBeNull();
  });
});
