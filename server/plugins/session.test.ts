import { Signer } from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { sessions } from '../db/schema';
import { buildPro } from '../test/factories';
import {
  createTestContext,
  sessionIdOfCookie,
  sessionIdOf as sidOf,
  type TestContext,
} from '../test/test-app';
import { MemberSession } from './session';
import { createSessionStore } from './session-store';

const DAY_MS = 86_400_000;

const setCookieOf = (res: { headers: Record<string, unknown> }) => {
  const header = res.headers['set-cookie'];
  return (Array.isArray(header) ? header : header ? [String(header)] : []).join('\n');
};

/** The site's session: the `sg.sid` cookie over a row in `sessions` (30-day lifetime in these tests). */
describe('sessions', () => {
  let t: TestContext;
  let member: UserRow;

  beforeAll(async () => {
    t = await createTestContext();
    member = await buildPro(t.db);
  });
  afterAll(() => t.close());

  const rowOf = async (sid: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.sid, sid)))[0] as
      | { sess: Record<string, unknown>; expire: Date }
      | undefined;

  it('gives a visitor no cookie and writes no row until the session holds something', async () => {
    const before = await t.db.$count(sessions);
    const res = await t.anon.get('/api/events');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.db.$count(sessions)).toBe(before);
  });

  it('extends a logged-in session once less than half its lifetime is left, on a private answer, and not before', async () => {
    const as = await t.as(member);
    const sid = sidOf(as);
    const fresh = await rowOf(sid);
    const quiet = await as.get('/api/auth/user');
    expect(quiet.statusCode).toBe(200);
    expect(quiet.headers['set-cookie']).toBeUndefined();
    expect((await rowOf(sid))?.expire.getTime()).toBe(fresh?.expire.getTime());

    // 10 of its 30 days left: the next request extends it to 30 days from now, in the row and the cookie.
    await t.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + 10 * DAY_MS) })
      .where(eq(sessions.sid, sid));
    // Not on an answer a shared cache may keep (the events list is `no-cache`): no cookie rides on it.
    const shared = await as.get('/api/events');
    expect(shared.headers['cache-control']).toBe('no-cache');
    expect(shared.headers['set-cookie']).toBeUndefined();
    expect((await rowOf(sid))?.expire.getTime()).toBeLessThan(Date.now() + 11 * DAY_MS);
    const res = await as.get('/api/auth/user');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const row = await rowOf(sid);
    expect(row?.expire.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect(row?.sess).toMatchObject({ userId: member.id });
    const cookie = setCookieOf(res);
    expect(cookie).toContain(`sg.sid=${as.cookie!.split('=')[1]}`);
    const expires = /Expires=([^;]+)/.exec(cookie)?.[1];
    expect(Math.abs(new Date(expires!).getTime() - row!.expire.getTime())).toBeLessThan(1000);
  });

  it('answers a cookie whose session has ended as a visitor, and clears it', async () => {
    const as = await t.as(member);
    await t.db.delete(sessions).where(eq(sessions.sid, sidOf(as)));
    const res = await as.get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(setCookieOf(res)).toMatch(/sg\.sid=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('treats a forged or tampered cookie as no session', async () => {
    const as = await t.as(member);
    const [name, value] = as.cookie!.split('=');
    const tampered = `${name}=${value.slice(0, -3)}AAA`;
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: tampered } });
    expect(res.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `sg.sid=${sidOf(as)}` },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('ends the session at logout: the row goes and the cookie is cleared', async () => {
    const as = await t.as(member);
    const sid = sidOf(as);
    const res = await as.get('/api/logout');
    expect(res.statusCode).toBe(302);
    expect(await rowOf(sid)).toBeUndefined();
    expect(setCookieOf(res)).toMatch(/sg\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await as.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('keeps a pending login in a new session row with its expiry, readable by the callback', async () => {
    const res = await t.anon.get('/api/login');
    expect(res.statusCode).toBe(302);
    const cookie = setCookieOf(res);
    const row = await rowOf(sessionIdOfCookie(/sg\.sid=([^;]+)/.exec(cookie)![1]));
    expect(row?.sess).toMatchObject({ login: { returnTo: '/' } });
    expect(row?.expire.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it("changes a restored session on its own copy: the store's copy, shared by other requests, stays as stored", async () => {
    const as = await t.as(member);
    const sid = sidOf(as);
    const store = await createSessionStore(t.database, 30);
    try {
      const stored = (await store.get(sid))!;
      const ctx = {
        store,
        signer: { sign: (v: string) => v, unsign: () => ({ valid: false, value: null }) },
        maxAgeMs: 30 * DAY_MS,
      };
      const session = new MemberSession(ctx, { id: sid, cookie: 'c', stored });
      session.set('userId', member.id);
      expect(session.pending()).toBeNull(); // the value it held: nothing to write
      session.set('userId', 'someone-else');
      expect(session.pending()).toMatchObject({ id: sid, data: { userId: 'someone-else' } });
      expect(stored.data.userId).toBe(member.id);
      expect(store.peek(sid)?.data.userId).toBe(member.id);
      await session.destroy();
      expect(session.pending()).toBeNull();
      expect(await rowOf(sid)).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

/** SESSION_SECRET as a list: the first signs, each verifies; a removed one verifies nothing (issue 28). */
describe('session secret rotation', () => {
  const NEW = 'the-new-session-secret-after-a-leak-0123456789';
  const OLD = 'the-old-session-secret-that-leaked-0123456789';
  const REMOVED = 'a-session-secret-removed-long-ago-0123456789';
  let t: TestContext;
  let member: UserRow;

  beforeAll(async () => {
    t = await createTestContext({ SESSION_SECRET: `${NEW}, ${OLD}` });
    member = await buildPro(t.db);
  });
  afterAll(() => t.close());

  /** The member's session cookie signed with one secret. */
  const cookieSignedWith = async (secret: string) => {
    const sid = sidOf(await t.as(member));
    return { sid, cookie: `sg.sid=${encodeURIComponent(new Signer(secret, 'sha256').sign(sid))}` };
  };
  const userWith = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

  it('keeps a member logged in whose cookie was signed with the old secret, and signs it anew with the new one', async () => {
    const { sid, cookie } = await cookieSignedWith(OLD);
    const res = await userWith(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id });
    const renewed = /sg\.sid=([^;]+)/.exec(setCookieOf(res))?.[1];
    expect(renewed).toBe(encodeURIComponent(new Signer(NEW, 'sha256').sign(sid)));
    expect(res.headers['cache-control']).toBe('no-store');
    // The renewed cookie works and is not renewed again; the old one still works until the secret goes.
    const next = await userWith(`sg.sid=${renewed}`);
    expect(next.statusCode).toBe(200);
    expect(next.headers['set-cookie']).toBeUndefined();
    expect((await userWith(cookie)).statusCode).toBe(200);
  });

  it('signs with the first secret and does not renew its cookies', async () => {
    const { cookie } = await cookieSignedWith(NEW);
    const res = await userWith(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const login = await t.anon.get('/api/login');
    const sid = sessionIdOfCookie(/sg\.sid=([^;]+)/.exec(setCookieOf(login))![1]);
    expect(setCookieOf(login)).toContain(
      `sg.sid=${encodeURIComponent(new Signer(NEW, 'sha256').sign(sid))};`,
    );
  });

  it('refuses a cookie signed with a secret no longer listed', async () => {
    const { cookie } = await cookieSignedWith(REMOVED);
    const res = await userWith(cookie);
    expect(res.statusCode).toBe(401);
    expect(setCookieOf(res)).toMatch(/sg\.sid=;.*Expires=Thu, 01 Jan 1970/);
  });
});
