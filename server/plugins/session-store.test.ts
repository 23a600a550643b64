import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endUserSessions } from '../auth/sessions';
import type { UserRow } from '../auth/users.presenter';
import { sessions } from '../db/schema';
import { buildPro } from '../test/factories';
import { createTestContext, sessionIdOf, type TestContext } from '../test/test-app';
import { createSessionStore } from './session-store';

/**
 * Sessions kept in memory per instance (issue 17): a logged-in request reads no session row while its
 * copy is current, and a session that ends anywhere ends on every instance at once.
 */
describe('session cache', () => {
  let t: TestContext;
  let member: UserRow;

  beforeAll(async () => {
    t = await createTestContext();
    member = await buildPro(t.db);
  });
  afterAll(() => t.close());

  const sidOf = async (userId: string) =>
    (
      await t.db
        .select({ sid: sessions.sid })
        .from(sessions)
        .where(sql`${sessions.sess}->>'userId' = ${userId}`)
    ).map((r) => r.sid);

  /** Changes a session row without the trigger's announcement (as if it were lost). */
  async function silently(change: () => Promise<unknown>) {
    await t.db.execute(sql`alter table sessions disable trigger sg_sessions_notify`);
    try {
      await change();
    } finally {
      await t.db.execute(sql`alter table sessions enable trigger sg_sessions_notify`);
    }
  }

  it('serves a logged-in request from the cached session, without reading the row again', async () => {
    const as = await t.as(member);
    expect((await as.get('/api/auth/user')).json()).toMatchObject({ id: member.id });
    const [sid] = await sidOf(member.id);
    // The row goes away without an announcement: only a cached copy can still answer.
    await silently(() => t.db.delete(sessions).where(eq(sessions.sid, sid)));
    expect((await as.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('ends a session at once when its row is deleted anywhere (logout everywhere, suspension)', async () => {
    const other = await buildPro(t.db);
    const as = await t.as(other);
    expect((await as.get('/api/auth/user')).statusCode).toBe(200);
    // As endUserSessions does from any instance: the trigger announces the sid.
    await t.db.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${other.id}`);
    await new Promise((r) => setTimeout(r, 50));
    expect((await as.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('a session ended by this instance is ended for its next request, before the announcement arrives', async () => {
    const user = await buildPro(t.db);
    const as = await t.as(user);
    const kept = await t.as(user);
    await as.get('/api/auth/user');
    await kept.get('/api/auth/user');
    const keptSid = sessionIdOf(kept);
    // No announcement at all (as when NOTIFY is still on its way): the instance knows from the write.
    await silently(() => t.db.transaction((tx) => endUserSessions(tx, user.id, keptSid)));
    expect((await as.get('/api/auth/user')).statusCode).toBe(401);
    expect((await kept.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('a second store (another instance) drops its copy when the first ends the session', async () => {
    const user = await buildPro(t.db);
    const as = await t.as(user);
    await as.get('/api/auth/user');
    const [sid] = await sidOf(user.id);
    const other = await createSessionStore(t.database, 30);
    try {
      expect((await other.get(sid))?.data).toMatchObject({ userId: user.id });
      await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: as.cookie ?? '' } });
      await new Promise((r) => setTimeout(r, 50));
      expect(other.peek(sid)).toBeUndefined();
      expect(await other.get(sid)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('an announced change to a session is read again (here its new expiry ends it)', async () => {
    const user = await buildPro(t.db);
    const as = await t.as(user);
    await as.get('/api/auth/user');
    const [sid] = await sidOf(user.id);
    await silently(() =>
      t.db
        .update(sessions)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(eq(sessions.sid, sid)),
    );
    // The cached copy still says it is valid; an announced change (a touch of the row) makes it read again.
    await t.db.execute(sql`update sessions set expire = expire where sid = ${sid}`);
    await new Promise((r) => setTimeout(r, 50));
    expect((await as.get('/api/auth/user')).statusCode).toBe(401);
  });
});
