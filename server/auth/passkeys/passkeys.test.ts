import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { idpAccounts, outboundEmails, passkeys } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { BUILTIN_ISSUER_KEY } from '../builtin-account';
import { passkeyLoginAsset } from './passkey-assets';
import { passkeyMessages } from './passkeys.service';
import { SoftAuthenticator } from './soft-authenticator.test-helper';

const EVIL_ORIGIN = 'https://singelgolf.example.net';

/** A member of the built-in issuer: its account (verified unless told) and the linked site user. */
async function builtInMember(t: TestContext, opts: { verified?: boolean } = {}) {
  const accountId = randomUUID();
  const email = `nyckel-${accountId.slice(0, 8)}@example.se`;
  const [account] = await t.db
    .insert(idpAccounts)
    .values({
      id: accountId,
      email,
      passwordHash: 'scrypt$unused',
      firstName: 'Nora',
      lastName: 'Nyckel',
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    })
    .returning();
  const user = await buildUser(t.db, {
    email,
    firstName: 'Nora',
    lastName: 'Nyckel',
    oidcIssuer: BUILTIN_ISSUER_KEY,
    oidcSubject: accountId,
    emailVerifiedAt: opts.verified === false ? null : new Date(),
  });
  const client = await t.as(user);
  return { account, user, client, authenticator: new SoftAuthenticator(TEST_ORIGIN) };
}

type Member = Awaited<ReturnType<typeof builtInMember>>;

/** Adds a passkey through the site API, as the profile card does. */
async function addPasskey(m: Member, name = 'Min telefon') {
  const options = await m.client.post('/api/me/passkeys/options');
  expect(options.statusCode).toBe(200);
  const response = m.authenticator.register(options.json());
  const res = await m.client.post('/api/me/passkeys', { name, response });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; createdAt: string; lastUsedAt: string | null };
}

/** Inserts a passkey row directly (for limits and other members' keys). */
async function insertRow(t: TestContext, accountId: string, name = 'Gammal nyckel') {
  const [row] = await t.db
    .insert(passkeys)
    .values({ id: randomBytes(16).toString('base64url'), accountId, publicKey: randomBytes(77), name })
    .returning();
  return row;
}

describe('passkeys: the member’s list on the site', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor on every route', async () => {
    const calls = [
      t.anon.get('/api/me/passkeys'),
      t.anon.post('/api/me/passkeys/options'),
      t.anon.post('/api/me/passkeys', { name: 'x', response: {} }),
      t.anon.patch('/api/me/passkeys/abc', { name: 'x' }),
      t.anon.delete('/api/me/passkeys/abc'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Du måste vara inloggad' });
    }
  });

  it('answers 404 to a member of an external issuer (no passkeys there)', async () => {
    const user = await buildUser(t.db, { oidcIssuer: 'https://login.example.com', oidcSubject: 'ext-1' });
    const c = await t.as(user);
    for (const res of [await c.get('/api/me/passkeys'), await c.post('/api/me/passkeys/options')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: passkeyMessages.externalIssuer });
    }
  });

  it('adds a passkey: verified against the session challenge, stored, listed and e-mailed', async () => {
    const m = await builtInMember(t);
    const list0 = await m.client.get('/api/me/passkeys');
    expect(list0.statusCode).toBe(200);
    expect(list0.headers['cache-control']).toBe('no-store');
    expect(list0.json()).toEqual([]);

    const optionsRes = await m.client.post('/api/me/passkeys/options');
    expect(optionsRes.headers['cache-control']).toBe('no-store');
    const options = optionsRes.json();
    expect(options.rp).toEqual({ name: 'Singelgolf', id: 'localhost' });
    expect(options.user.name).toBe(m.account.email);
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(m.account.id);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(options.excludeCredentials).toEqual([]);

    const response = m.authenticator.register(options);
    const res = await m.client.post('/api/me/passkeys', { name: '  Min telefon  ', response });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: response.id,
      name: 'Min telefon',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(JSON.stringify(created)).not.toMatch(/publicKey|counter|account/);

    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, response.id));
    expect(row.accountId).toBe(m.account.id);
    expect(row.publicKey.length).toBeGreaterThan(60);
    expect(row.counter).toBe(0);
    expect(row.transports).toEqual(['internal']);

    const mails = await t.db
      .select()
      .from(outboundEmails)
      .where(
        and(eq(outboundEmails.recipient, m.account.email), eq(outboundEmails.template, 'passkey-added')),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain('Min telefon');
    expect(mails[0].textBody).toContain(`${TEST_ORIGIN}/profile#sakerhet`);

    expect((await m.client.get('/api/me/passkeys')).json()).toEqual([created]);
    // The next options exclude it, so the same authenticator is not registered twice.
    const next = (await m.client.post('/api/me/passkeys/options')).json();
    expect(next.excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses a replayed challenge, a stale one and no challenge at all', async () => {
    const m = await builtInMember(t);
    const options = (await m.client.post('/api/me/passkeys/options')).json();
    const response = m.authenticator.register(options);
    expect((await m.client.post('/api/me/passkeys', { name: 'Första', response })).statusCode).toBe(201);

    // The same answer again: the challenge was used up.
    await t.db.delete(passkeys).where(eq(passkeys.id, response.id));
    const replay = await m.client.post('/api/me/passkeys', { name: 'Igen', response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: passkeyMessages.registrationFailed });

    // An answer to an older challenge after a newer one was issued.
    const old = (await m.client.post('/api/me/passkeys/options')).json();
    await m.client.post('/api/me/passkeys/options');
    const stale = await m.client.post('/api/me/passkeys', {
      name: 'Gammal',
      response: m.authenticator.register(old),
    });
    expect(stale.statusCode).toBe(400);

    // Nothing pending (a fresh session of the same member).
    const other = await t.as(m.user);
    const none = await other.post('/api/me/passkeys', {
      name: 'Ingen',
      response: m.authenticator.register(old),
    });
    expect(none.statusCode).toBe(400);
    expect((await m.client.get('/api/me/passkeys')).json()).toEqual([]);
  });

  it('refuses an answer made on another origin, and the challenge is spent by the failure', async () => {
    const m = await builtInMember(t);
    const options = (await m.client.post('/api/me/passkeys/options')).json();
    const evil = m.authenticator.register(options, { origin: EVIL_ORIGIN });
    const res = await m.client.post('/api/me/passkeys', { name: 'Fel sida', response: evil });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: passkeyMessages.registrationFailed });
    // The failed attempt still used the challenge up: a correct answer to it is refused now.
    const late = await m.client.post('/api/me/passkeys', {
      name: 'Sen',
      response: m.authenticator.register(options),
    });
    expect(late.statusCode).toBe(400);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.accountId, m.account.id))).toEqual([]);
  });

  it('refuses a challenge issued to another member', async () => {
    const a = await builtInMember(t);
    const b = await builtInMember(t);
    const options = (await a.client.post('/api/me/passkeys/options')).json();
    await b.client.post('/api/me/passkeys/options');
    // B answers A's options in B's own session, which holds B's challenge.
    const res = await b.client.post('/api/me/passkeys', {
      name: 'Stulen',
      response: b.authenticator.register(options),
    });
    expect(res.statusCode).toBe(400);
  });

  it('never takes over another account’s credential id', async () => {
    const victim = await builtInMember(t);
    const theirs = await addPasskey(victim, 'Offrets nyckel');
    const attacker = await builtInMember(t);
    const options = (await attacker.client.post('/api/me/passkeys/options')).json();
    const forged = attacker.authenticator.register(options, {
      credentialId: Buffer.from(theirs.id, 'base64url'),
    });
    const res = await attacker.client.post('/api/me/passkeys', { name: 'Kapad', response: forged });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: passkeyMessages.duplicate });
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, theirs.id));
    expect(row.accountId).toBe(victim.account.id);
    expect(row.name).toBe('Offrets nyckel');
  });

  it('validates the name and the answer with Swedish messages', async () => {
    const m = await builtInMember(t);
    const options = (await m.client.post('/api/me/passkeys/options')).json();
    const response = m.authenticator.register(options);
    const empty = await m.client.post('/api/me/passkeys', { name: '   ', response });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Ange ett namn');
    const garbage = await m.client.post('/api/me/passkeys', { name: 'Ok', response: { id: 'x' } });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe('Nyckelns svar är ogiltigt.');
  });

  it('keeps at most 10 passkeys per account', async () => {
    const m = await builtInMember(t);
    for (let i = 0; i < 9; i++) await insertRow(t, m.account.id, `Nyckel ${i}`);
    const options = (await m.client.post('/api/me/passkeys/options')).json();
    // A tenth arrives meanwhile (another tab): this answer would be the eleventh.
    await insertRow(t, m.account.id, 'Nyckel 9');
    const res = await m.client.post('/api/me/passkeys', {
      name: 'Elfte',
      response: m.authenticator.register(options),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: passkeyMessages.limit });
    const again = await m.client.post('/api/me/passkeys/options');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: passkeyMessages.limit });
    expect((await m.client.get('/api/me/passkeys')).json()).toHaveLength(10);
  });

  it('renames and removes one’s own passkeys only', async () => {
    const owner = await builtInMember(t);
    const key = await addPasskey(owner);
    const other = await builtInMember(t);
    const path = `/api/me/passkeys/${key.id}`;

    const tooLong = await owner.client.patch(path, { name: 'x'.repeat(61) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Namnet får vara högst 60 tecken');
    expect((await owner.client.patch(path, {})).json().message).toBe('Ange ett namn');

    const theirs = await other.client.patch(path, { name: 'Min nu' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: passkeyMessages.notFound });
    expect((await other.client.delete(path)).statusCode).toBe(404);
    expect((await other.client.get('/api/me/passkeys')).json()).toEqual([]);

    const renamed = await owner.client.patch(path, { name: ' Jobbdatorn ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: key.id, name: 'Jobbdatorn' });

    const removed = await owner.client.delete(path);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await owner.client.delete(path)).statusCode).toBe(404);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.id, key.id))).toEqual([]);
  });
});

/** A tiny browser: keeps cookies, follows redirects, sends forms and JSON like the issuer's page. */
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
