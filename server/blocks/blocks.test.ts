import { msg } from '@common/messages';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, userBlocks } from '../db/schema';
import { buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;

const BLOCKED_MEMBER_KEYS = [
  'blockedAt',
  'firstName',
  'fullName',
  'id',
  'lastName',
  'profileImageId',
  'profileImageUrl',
  'username',
];

const blockRows = (t: TestContext, a: string, b: string) =>
  t.db
    .select()
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    );

describe('blocks API: POST/GET/DELETE /api/blocks', () => {
  let t: TestContext;
  let anna: User;
  let bo: User;
  let a: TestClient;
  let b: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    anna = await buildUser(t.db, { firstName: 'Anna', lastName: 'Blockare' });
    bo = await buildUser(t.db, {
      firstName: 'Bo',
      lastName: 'Blockerad',
      profileImageUrl: '/avatars/bo.png',
      stripeCustomerId: 'cus_bo_secret',
    });
    [a, b] = await Promise.all([t.as(anna), t.as(bo)]);
  });
  afterAll(() => t?.close());

  it('answers 401 to a visitor on every route', async () => {
    for (const res of [
      await t.anon.get('/api/blocks'),
      await t.anon.post('/api/blocks', { userId: bo.id }),
      await t.anon.delete(`/api/blocks/${bo.id}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: msg.notLoggedIn });
    }
    expect(await blockRows(t, anna.id, bo.id)).toEqual([]);
  });

  it('answers 400 for oneself or a missing member, 404 for an unknown member', async () => {
    const self = await a.post('/api/blocks', { userId: anna.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: msg.blockSelf });
    for (const body of [{}, { userId: '' }, { userId: '   ' }, { userId: 42 }]) {
      const res = await a.post('/api/blocks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(msg.blockUserRequired);
    }
    const nullBody = await a.post('/api/blocks', 'null', { 'content-type': 'application/json' });
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.json().message).toBe(msg.jsonObjectExpected);
    const unknown = await a.post('/api/blocks', { userId: 'no-such-member' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: msg.userNotFound });
    expect(await t.db.select().from(userBlocks).where(eq(userBlocks.blockerId, anna.id))).toEqual([]);
  });

  it('blocks (201), blocks again without change (200), and lists public fields only', async () => {
    const notices = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, bo.id))).length;
    const before = await notices();
    const first = await a.post('/api/blocks', { userId: bo.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: bo.id, firstName: 'Bo', profileImageUrl: '/avatars/bo.png' });
    const again = await a.post('/api/blocks', { userId: bo.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await blockRows(t, anna.id, bo.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ blockerId: anna.id, blockedId: bo.id });

    const list = await a.get('/api/blocks');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(Object.keys(list.json()[0]).sort()).toEqual(BLOCKED_MEMBER_KEYS);
    expect(list.json()[0]).toEqual(first.json());
    expect(JSON.stringify(list.json())).not.toContain('cus_bo_secret');
    // Silent: the blocked member is not told, and does not see who blocked them.
    expect(await notices()).toBe(before);
    expect((await b.get('/api/blocks')).json()).toEqual([]);
  });

  it('lists the newest block first', async () => {
    const cilla = await buildUser(t.db, { firstName: 'Cilla' });
    await t.db
      .update(userBlocks)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(userBlocks.blockerId, anna.id));
    expect((await a.post('/api/blocks', { userId: cilla.id })).statusCode).toBe(201);
    expect((await a.get('/api/blocks')).json().map((m: { id: string }) => m.id)).toEqual([cilla.id, bo.id]);
    expect((await a.delete(`/api/blocks/${cilla.id}`)).statusCode).toBe(204);
  });

  it("unblocks its own block (204), 404 when there is none; the other's DELETE never lifts it", async () => {
    const byBo = await b.delete(`/api/blocks/${anna.id}`);
    expect(byBo.statusCode).toBe(404);
    expect(byBo.json()).toEqual({ message: msg.blockNotFound });
    expect(await blockRows(t, anna.id, bo.id)).toHaveLength(1);

    const res = await a.delete(`/api/blocks/${bo.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await blockRows(t, anna.id, bo.id)).toEqual([]);
    const twice = await a.delete(`/api/blocks/${bo.id}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ message: msg.blockNotFound });
    expect((await a.get('/api/blocks')).json()).toEqual([]);
  });

  it("marks the blocker's unread notices of the blocked member's messages read (no e-mail or push follows)", async () => {
    expect((await b.post('/api/messages', { receiverId: anna.id, content: 'Hej Anna!' })).statusCode).toBe(
      201,
    );
    const unread = () =>
      t.db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.userId, anna.id), eq(notifications.type, 'direct_message')));
    expect((await unread()).map((n) => n.readAt)).toEqual([null]);
    expect((await a.post('/api/blocks', { userId: bo.id })).statusCode).toBe(201);
    expect((await unread()).every((n) => n.readAt !== null)).toBe(true);
    expect((await a.delete(`/api/blocks/${bo.id}`)).statusCode).toBe(204);
  });
});
