import type { AddressInfo } from 'node:net';
import { msg } from '@common/messages';
import { CONVERSATION_CLOSED_HEADER } from '@common/schemas/blocks';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, notifications, userBlocks, users } from '../db/schema';
import { joinedSocket, settle } from '../realtime/test-socket';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { type SecondInstance, startSecondInstance } from '../test/second-instance';
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

const directMessagesBetween = (t: TestContext, a: string, b: string) =>
  t.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      or(
        and(eq(messages.senderId, a), eq(messages.receiverId, b)),
        and(eq(messages.senderId, b), eq(messages.receiverId, a)),
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

describe('a block, both ways: directory, profile, direct messages, threads, conversations, WebSocket', () => {
  let t: TestContext;
  let wsUrl: string;
  let anna: User;
  let bo: User;
  let cilla: User;
  let adminUser: User;
  let a: TestClient;
  let b: TestClient;
  let c: TestClient;
  let admin: TestClient;
  const tag = `blk${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    anna = await buildUser(t.db, { firstName: 'Anna', lastName: `A${tag}` });
    bo = await buildUser(t.db, { firstName: 'Bo', lastName: `B${tag}` });
    cilla = await buildUser(t.db, { firstName: 'Cilla', lastName: `C${tag}` });
    // More members with the tag, so that pages of two are full and totals are counted.
    for (const name of ['Dan', 'Eva', 'Fia']) await buildUser(t.db, { firstName: name, lastName: `D${tag}` });
    adminUser = await buildAdmin(t.db, { firstName: 'Admin', lastName: `Z${tag}` });
    [a, b, c, admin] = await Promise.all([t.as(anna), t.as(bo), t.as(cilla), t.as(adminUser)]);
    // A conversation before the block, in both directions.
    expect((await a.post('/api/messages', { receiverId: bo.id, content: 'Hej Bo' })).statusCode).toBe(201);
    expect((await b.post('/api/messages', { receiverId: anna.id, content: 'Hej Anna' })).statusCode).toBe(
      201,
    );
    expect((await a.post('/api/messages', { receiverId: cilla.id, content: 'Hej Cilla' })).statusCode).toBe(
      201,
    );
  });
  afterAll(() => t?.close());

  /** Every member of the tag the client sees, over pages of two, and the totals of each page. */
  const directory = async (client: TestClient) => {
    const ids: string[] = [];
    const totals = new Set<number>();
    for (let offset = 0; offset < 20; offset += 2) {
      const res = await client.get(`/api/users?q=${tag}&limit=2&offset=${offset}`);
      expect(res.statusCode).toBe(200);
      totals.add(Number(res.headers['x-total-count']));
      const page = res.json() as { id: string }[];
      ids.push(...page.map((m) => m.id));
      if (page.length < 2) break;
    }
    expect(totals.size, 'one total over all pages').toBe(1);
    return { ids, total: [...totals][0] };
  };

  it('before the block, everyone sees everyone (the directory cache is warm)', async () => {
    for (const client of [a, b, c]) {
      const { ids, total } = await directory(client);
      expect(ids).toHaveLength(7);
      expect(total).toBe(7);
    }
  });

  it('hides each from the other in the directory, with right totals; others and admins see both', async () => {
    expect((await a.post('/api/blocks', { userId: bo.id })).statusCode).toBe(201);
    const seenByAnna = await directory(a);
    expect(seenByAnna.ids).not.toContain(bo.id);
    expect(seenByAnna.ids).toContain(anna.id);
    expect(seenByAnna.total).toBe(6);
    expect(seenByAnna.ids).toHaveLength(6);
    const seenByBo = await directory(b);
    expect(seenByBo.ids).not.toContain(anna.id);
    expect(seenByBo.ids).toContain(bo.id);
    expect(seenByBo.total).toBe(6);
    for (const other of [c, admin]) {
      const seen = await directory(other);
      expect(seen.ids).toEqual(expect.arrayContaining([anna.id, bo.id]));
      expect(seen.total).toBe(7);
    }
    // A page filtered for Anna is never served to Cilla (same search, same page), nor the other way.
    const annaFirst = (await a.get(`/api/users?q=${tag}&limit=100`)).json().map((m: { id: string }) => m.id);
    const cillaFirst = (await c.get(`/api/users?q=${tag}&limit=100`)).json().map((m: { id: string }) => m.id);
    expect(annaFirst).not.toContain(bo.id);
    expect(cillaFirst).toContain(bo.id);
    const byName = await b.get(`/api/users?q=${encodeURIComponent(`anna A${tag}`)}`);
    expect(byName.json()).toEqual([]);
    expect(byName.headers['x-total-count']).toBe('0');
  });

  it('answers 404 for the profile both ways, as for a member who does not exist', async () => {
    for (const [client, id] of [
      [a, bo.id],
      [b, anna.id],
    ] as const) {
      const res = await client.get(`/api/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual((await client.get('/api/users/no-such-member')).json());
      expect(res.json()).toEqual({ message: msg.userNotFound });
    }
    expect((await c.get(`/api/users/${bo.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/users/${bo.id}`)).statusCode).toBe(200);
    expect((await a.get(`/api/users/${anna.id}`)).statusCode).toBe(200);
  });

  it('refuses direct messages both ways with 403, storing nothing', async () => {
    const before = (await directMessagesBetween(t, anna.id, bo.id)).length;
    for (const [client, to] of [
      [a, bo.id],
      [b, anna.id],
    ] as const) {
      const res = await client.post('/api/messages', { receiverId: to, content: 'Hallå?' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: msg.messageNotAccepted });
    }
    expect((await directMessagesBetween(t, anna.id, bo.id)).length).toBe(before);
    expect(
      (await a.post('/api/messages', { receiverId: cilla.id, content: 'Fortfarande öppet' })).statusCode,
    ).toBe(201);
  });

  it('keeps the thread readable to each, but closed', async () => {
    for (const [client, partner] of [
      [a, bo.id],
      [b, anna.id],
    ] as const) {
      const res = await client.get(`/api/messages/${partner}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((m: { content: string }) => m.content)).toEqual(['Hej Bo', 'Hej Anna']);
      expect(res.headers[CONVERSATION_CLOSED_HEADER]).toBe('true');
    }
    const open = await a.get(`/api/messages/${cilla.id}`);
    expect(open.headers[CONVERSATION_CLOSED_HEADER]).toBe('false');
  });

  it('keeps the conversation in both lists, marked closed', async () => {
    const annas = (await a.get('/api/messages')).json() as { user: { id: string }; closed: boolean }[];
    expect(annas.map((x) => [x.user.id, x.closed])).toEqual([
      [cilla.id, false],
      [bo.id, true],
    ]);
    const bos = (await b.get('/api/messages')).json() as { user: { id: string }; closed: boolean }[];
    expect(bos.map((x) => [x.user.id, x.closed])).toEqual([[anna.id, true]]);
  });

  it('never delivers a blocked member a message on the WebSocket: it is refused before', async () => {
    const [sa, sb] = await Promise.all([
      joinedSocket(wsUrl, a.cookie, anna.id),
      joinedSocket(wsUrl, b.cookie, bo.id),
    ]);
    expect((await a.post('/api/messages', { receiverId: bo.id, content: 'Via socket?' })).statusCode).toBe(
      403,
    );
    expect((await b.post('/api/messages', { receiverId: anna.id, content: 'Via socket?' })).statusCode).toBe(
      403,
    );
    await settle();
    expect(sb.received.filter((e) => e.type === 'new_message')).toEqual([]);
    expect(sa.received.filter((e) => e.type === 'new_message')).toEqual([]);
    expect(sb.received.filter((e) => e.type === 'notification')).toEqual([]);

    // The same sockets get the next message once unblocked (the test can see a delivery).
    expect((await a.delete(`/api/blocks/${bo.id}`)).statusCode).toBe(204);
    const sent = await a.post('/api/messages', { receiverId: bo.id, content: 'Nu går det' });
    expect(sent.statusCode).toBe(201);
    await sb.next((e) => e.type === 'new_message' && e.data.message.id === sent.json().id);
    sa.close();
    sb.close();
  });

  it('after unblocking: the directory, the profile and the thread are back', async () => {
    expect((await directory(a)).ids).toContain(bo.id);
    expect((await directory(b)).ids).toContain(anna.id);
    expect((await b.get(`/api/users/${anna.id}`)).statusCode).toBe(200);
    const thread = await b.get(`/api/messages/${anna.id}`);
    expect(thread.headers[CONVERSATION_CLOSED_HEADER]).toBe('false');
    expect((await b.post('/api/messages', { receiverId: anna.id, content: 'Tack!' })).statusCode).toBe(201);
  });

  it('a block by each: lifting one leaves the other in force', async () => {
    expect((await a.post('/api/blocks', { userId: bo.id })).statusCode).toBe(201);
    expect((await b.post('/api/blocks', { userId: anna.id })).statusCode).toBe(201);
    expect((await a.delete(`/api/blocks/${bo.id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/users/${bo.id}`)).statusCode).toBe(404);
    expect((await directory(a)).ids).not.toContain(bo.id);
    expect((await a.post('/api/messages', { receiverId: bo.id, content: 'Nej' })).statusCode).toBe(403);
    expect((await b.delete(`/api/blocks/${anna.id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/users/${bo.id}`)).statusCode).toBe(200);
  });

  it('a block applies to an admin as a sender too, but never hides members from admins', async () => {
    expect((await b.post('/api/blocks', { userId: adminUser.id })).statusCode).toBe(201);
    expect((await admin.get(`/api/users/${bo.id}`)).statusCode).toBe(200);
    expect((await directory(admin)).ids).toContain(bo.id);
    const res = await admin.post('/api/messages', { receiverId: bo.id, content: 'Från admin' });
    expect(res.statusCode).toBe(403);
    expect((await b.delete(`/api/blocks/${adminUser.id}`)).statusCode).toBe(204);
  });

  it("leaves a shared event's group chat as it is", async () => {
    const event = await buildEvent(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: anna.id, status: 'registered' });
    await buildRegistration(t.db, { eventId: event.id, userId: bo.id, status: 'registered' });
    expect((await a.post('/api/blocks', { userId: bo.id })).statusCode).toBe(201);
    const post = await b.post(`/api/events/${event.id}/messages`, { content: 'Hej alla' });
    expect(post.statusCode).toBe(201);
    const chat = await a.get(`/api/events/${event.id}/messages`);
    expect(chat.json().map((m: { content: string }) => m.content)).toContain('Hej alla');
    // Co-participants of the shared event still see each other in its participant list.
    const participants = await a.get(`/api/events/${event.id}/registrations`);
    expect(participants.json().map((r: { userId: string }) => r.userId)).toContain(bo.id);
    expect((await a.delete(`/api/blocks/${bo.id}`)).statusCode).toBe(204);
  });
});

describe('privacy settings: GET/PUT /api/me/privacy and their effects', () => {
  let t: TestContext;
  let me: User;
  let m: TestClient;
  let admin: TestClient;
  const tag = `prv${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestContext();
    me = await buildUser(t.db, { firstName: 'Maja', lastName: `M${tag}` });
    m = await t.as(me);
    admin = await t.as(await buildAdmin(t.db));
  });
  afterAll(() => t?.close());

  it('answers 401 to a visitor', async () => {
    expect((await t.anon.get('/api/me/privacy')).statusCode).toBe(401);
    const put = await t.anon.put('/api/me/privacy', { hiddenFromDirectory: true, whoCanMessage: 'nobody' });
    expect(put.statusCode).toBe(401);
    expect(put.json()).toEqual({ message: msg.notLoggedIn });
  });

  it('starts visible, open to every member', async () => {
    const res = await m.get('/api/me/privacy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hiddenFromDirectory: false, whoCanMessage: 'members' });
  });

  it('refuses bad values, extra keys and bodies that are no object with Swedish messages, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ hiddenFromDirectory: 'yes', whoCanMessage: 'members' }, msg.privacyHiddenInvalid],
      [{ hiddenFromDirectory: null, whoCanMessage: 'members' }, msg.privacyHiddenInvalid],
      [{ whoCanMessage: 'members' }, msg.privacyHiddenInvalid],
      [{ hiddenFromDirectory: true, whoCanMessage: 'friends' }, msg.privacyWhoCanMessageInvalid],
      [{ hiddenFromDirectory: true }, msg.privacyWhoCanMessageInvalid],
      [{ hiddenFromDirectory: true, whoCanMessage: 'nobody', role: 'admin' }, msg.privacyUnknownField],
      [[], msg.jsonObjectExpected],
    ];
    for (const [body, message] of cases) {
      const res = await m.put('/api/me/privacy', body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    for (const raw of ['null', '"members"', '7']) {
      const res = await m.put('/api/me/privacy', raw, { 'content-type': 'application/json' });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().message).toBe(msg.jsonObjectExpected);
    }
    const [row] = await t.db
      .select({ hidden: users.hiddenFromDirectory, who: users.whoCanMessage, role: users.role })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row).toEqual({ hidden: false, who: 'members', role: 'member' });
  });

  it('saves and answers the settings', async () => {
    const res = await m.put('/api/me/privacy', { hiddenFromDirectory: true, whoCanMessage: 'contacts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hiddenFromDirectory: true, whoCanMessage: 'contacts' });
    expect((await m.get('/api/me/privacy')).json()).toEqual(res.json());
    const [row] = await t.db
      .select({ hidden: users.hiddenFromDirectory, who: users.whoCanMessage })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row).toEqual({ hidden: true, who: 'contacts' });
    expect(
      (await m.put('/api/me/privacy', { hiddenFromDirectory: false, whoCanMessage: 'members' })).json(),
    ).toEqual({ hiddenFromDirectory: false, whoCanMessage: 'members' });
  });

  it('hidden: not in the directory for members (also not on later pages or in totals); admins still see them', async () => {
    const hidden = await buildUser(t.db, { firstName: 'Hedda', lastName: `H${tag}` });
    const other = await t.as(await buildUser(t.db, { firstName: 'Olle', lastName: `O${tag}` }));
    const ids = async (client: TestClient) => {
      const res = await client.get(`/api/users?q=${tag}&limit=100`);
      return { ids: res.json().map((u: { id: string }) => u.id), total: res.headers['x-total-count'] };
    };
    expect((await ids(other)).ids).toContain(hidden.id);
    const h = await t.as(hidden);
    expect(
      (await h.put('/api/me/privacy', { hiddenFromDirectory: true, whoCanMessage: 'members' })).statusCode,
    ).toBe(200);
    const seen = await ids(other);
    expect(seen.ids).not.toContain(hidden.id);
    expect(seen.total).toBe(String(seen.ids.length));
    const page = await other.get(`/api/users?q=${encodeURIComponent(`hedda H${tag}`)}&limit=1`);
    expect(page.json()).toEqual([]);
    expect(page.headers['x-total-count']).toBe('0');
    const byAdmin = await ids(admin);
    expect(byAdmin.ids).toContain(hidden.id);
    expect(byAdmin.total).toBe(String(seen.ids.length + 1));
    // Reachable by id (participant lists, conversations), and co-participants still see them.
    expect((await other.get(`/api/users/${hidden.id}`)).statusCode).toBe(200);
    const event = await buildEvent(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: hidden.id, status: 'registered' });
    const participants = await other.get(`/api/events/${event.id}/registrations`);
    expect(participants.json().map((r: { userId: string }) => r.userId)).toContain(hidden.id);
  });

  it("'contacts': members she has written to and co-participants of a live registration; others 403", async () => {
    const dora = await buildUser(t.db, { firstName: 'Dora' });
    const d = await t.as(dora);
    expect(
      (await d.put('/api/me/privacy', { hiddenFromDirectory: false, whoCanMessage: 'contacts' })).statusCode,
    ).toBe(200);
    const stranger = await buildUser(t.db, { firstName: 'Sven' });
    const written = await buildUser(t.db, { firstName: 'Wilma' });
    const coPlayer = await buildUser(t.db, { firstName: 'Kalle' });
    const cancelled = await buildUser(t.db, { firstName: 'Kurt' });
    const event = await buildEvent(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: dora.id, status: 'registered' });
    await buildRegistration(t.db, { eventId: event.id, userId: coPlayer.id, status: 'waitlisted' });
    await buildRegistration(t.db, {
      eventId: event.id,
      userId: cancelled.id,
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    expect((await d.post('/api/messages', { receiverId: written.id, content: 'Hej Wilma' })).statusCode).toBe(
      201,
    );

    const send = async (from: User) =>
      (await t.as(from)).post('/api/messages', { receiverId: dora.id, content: 'Hej' });
    const refused = await send(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: msg.messageNotAccepted });
    expect((await send(cancelled)).statusCode).toBe(403);
    expect((await send(written)).statusCode).toBe(201);
    expect((await send(coPlayer)).statusCode).toBe(201);
    expect(
      (await admin.post('/api/messages', { receiverId: dora.id, content: 'Från admin' })).statusCode,
    ).toBe(201);
    // The stranger's thread says it is closed, so the client hides the input.
    const thread = await (await t.as(stranger)).get(`/api/messages/${dora.id}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.headers[CONVERSATION_CLOSED_HEADER]).toBe('true');
    const fromCoPlayer = await (await t.as(coPlayer)).get(`/api/messages/${dora.id}`);
    expect(fromCoPlayer.headers[CONVERSATION_CLOSED_HEADER]).toBe('false');
  });

  it("'nobody': no member starts a conversation, co-participants neither; admins may; answers to her own pass", async () => {
    const nina = await buildUser(t.db, { firstName: 'Nina' });
    const n = await t.as(nina);
    expect(
      (await n.put('/api/me/privacy', { hiddenFromDirectory: false, whoCanMessage: 'nobody' })).statusCode,
    ).toBe(200);
    const coPlayer = await buildUser(t.db, { firstName: 'Pelle' });
    const event = await buildEvent(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: nina.id, status: 'registered' });
    await buildRegistration(t.db, { eventId: event.id, userId: coPlayer.id, status: 'registered' });
    const p = await t.as(coPlayer);
    const first = await p.post('/api/messages', { receiverId: nina.id, content: 'Hej Nina' });
    expect(first.statusCode).toBe(403);
    expect(first.json()).toEqual({ message: msg.messageNotAccepted });
    expect((await admin.post('/api/messages', { receiverId: nina.id, content: 'Viktigt' })).statusCode).toBe(
      201,
    );
    expect(
      (await n.post('/api/messages', { receiverId: coPlayer.id, content: 'Hej Pelle' })).statusCode,
    ).toBe(201);
    expect((await p.post('/api/messages', { receiverId: nina.id, content: 'Hej Nina!' })).statusCode).toBe(
      201,
    );
    const list = (await p.get('/api/messages')).json() as { user: { id: string }; closed: boolean }[];
    expect(list.find((x) => x.user.id === nina.id)?.closed).toBe(false);
  });
});

describe('ball groups keep blocked pairs apart', () => {
  let t: TestContext;
  let admin: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.as(await buildAdmin(t.db));
    member = await t.as(await buildUser(t.db));
  });
  afterAll(() => t?.close());

  it('generation separates a blocked pair the plain generation put together; admins list the pairs', async () => {
    const event = await buildEvent(t.db);
    const people: User[] = [];
    const registrations = new Map<string, number>();
    for (let i = 0; i < 8; i++) {
      const u = await buildUser(t.db, { handicap: 10 + i, gender: i % 2 ? 'male' : 'female' });
      people.push(u);
      const r = await buildRegistration(t.db, { eventId: event.id, userId: u.id, status: 'registered' });
      registrations.set(u.id, r.id);
    }
    const groupsOf = (body: { groups: { members: { userId: string }[] }[] }) =>
      body.groups.map((g) => g.members.map((x) => x.userId));
    const plain = await admin.post(`/api/events/${event.id}/groups`);
    expect(plain.statusCode).toBe(201);
    const [x, y] = groupsOf(plain.json())[0];
    expect(plain.json().figures.blockedPairs).toBe(0);

    const blocker = await t.as(people.find((p) => p.id === x)!);
    expect((await blocker.post('/api/blocks', { userId: y })).statusCode).toBe(201);

    const pairs = await admin.get(`/api/events/${event.id}/groups/blocked-pairs`);
    expect(pairs.statusCode).toBe(200);
    const expected = [registrations.get(x)!, registrations.get(y)!].sort((p, q) => p - q);
    expect(pairs.json()).toEqual([{ registrationIds: expected }]);

    const again = await admin.post(`/api/events/${event.id}/groups`);
    expect(again.statusCode).toBe(201);
    const groups = groupsOf(again.json());
    expect(groups.some((g) => g.includes(x) && g.includes(y))).toBe(false);
    expect(groups.flat().sort()).toEqual(people.map((p) => p.id).sort());
    expect(again.json().figures).toMatchObject({ blockedPairs: 1, blockedPairsTogether: 0 });
  });

  it('the blocked pairs: 401 for visitors, 403 for members, 404 for an unknown event, none without blocks', async () => {
    const event = await buildEvent(t.db);
    expect((await t.anon.get(`/api/events/${event.id}/groups/blocked-pairs`)).statusCode).toBe(401);
    const forbidden = await member.get(`/api/events/${event.id}/groups/blocked-pairs`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: msg.forbidden });
    const unknown = await admin.get('/api/events/999999/groups/blocked-pairs');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: msg.eventNotFound });
    expect((await admin.get(`/api/events/${event.id}/groups/blocked-pairs`)).json()).toEqual([]);
  });
});

describe('a block reaches every server instance', () => {
  let t: TestContext;
  let second: SecondInstance;
  let base: string;

  beforeAll(async () => {
    t = await createTestContext();
    second = await startSecondInstance(t);
    base = second.wsUrl.replace('ws://', 'http://').replace(/\/ws$/, '');
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("a block made through one instance hides at once from the other's warm directory and profile cache", async () => {
    const tag = `two${Date.now().toString(36)}`;
    const anna = await buildUser(t.db, { firstName: 'Anna', lastName: `A${tag}` });
    const bo = await buildUser(t.db, { firstName: 'Bo', lastName: `B${tag}` });
    const [a, b] = await Promise.all([t.as(anna), t.as(bo)]);
    const atSecond = async (client: TestClient, path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { cookie: client.cookie ?? '' } });
      return { status: res.status, body: (await res.json()) as { id: string }[] };
    };
    const ids = async (client: TestClient) =>
      (await atSecond(client, `/api/users?q=${tag}`)).body.map((m) => m.id);
    expect(await ids(b)).toEqual([anna.id, bo.id]);
    expect((await atSecond(b, `/api/users/${anna.id}`)).status).toBe(200);

    expect((await a.post('/api/blocks', { userId: bo.id })).statusCode).toBe(201);
    // The NOTIFY of the change counter (or, at the latest, the watch's 5 s re-read) reaches the other instance.
    const deadline = Date.now() + 6_000;
    while ((await ids(b)).includes(anna.id) && Date.now() < deadline) await settle(50);
    expect(await ids(b)).toEqual([bo.id]);
    expect((await atSecond(b, `/api/users/${anna.id}`)).status).toBe(404);
  });
});
