import type { AddressInfo } from 'node:net';
import { msg } from '@common/messages';
import { CONVERSATION_CLOSED_HEADER } from '@common/schemas/blocks';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema';
import { joinedSocket, settle } from '../realtime/test-socket';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;

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
