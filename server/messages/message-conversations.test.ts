import type { Conversation } from '@common/schemas/messages';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageConversations, messages, users } from '../db/schema';
import { buildEvent, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;
type Row = typeof messages.$inferSelect;

/** The conversation list worked out from every message, the slow and obvious way. */
function expectedList(all: Row[], me: string) {
  const byPartner = new Map<string, { last: Row; unread: number }>();
  const newer = (a: Row, b: Row) =>
    a.sentAt.getTime() !== b.sentAt.getTime() ? a.sentAt > b.sentAt : a.id > b.id;
  for (const m of all) {
    if (m.receiverId === null || (m.senderId !== me && m.receiverId !== me)) continue;
    const partner = m.senderId === me ? m.receiverId : m.senderId;
    const c = byPartner.get(partner) ?? { last: m, unread: 0 };
    if (newer(m, c.last)) c.last = m;
    if (m.receiverId === me && !m.read) c.unread++;
    byPartner.set(partner, c);
  }
  return [...byPartner.entries()]
    .sort(([, a], [, b]) => (newer(a.last, b.last) ? -1 : 1))
    .map(([partner, c]) => ({ partner, lastId: c.last.id, unread: c.unread }));
}

const summary = (list: Conversation[]) =>
  list.map((c) => ({ partner: c.user.id, lastId: c.messages[0].id, unread: c.unreadCount }));

/**
 * GET /api/messages reads `message_conversations`, which triggers on `messages` keep. Whatever
 * happens to messages (posts, bulk inserts, ties in time, reads, edits, deletes, a member's removal),
 * the list must be what the messages themselves say.
 */
describe('conversation list kept by triggers', () => {
  let t: TestContext;
  let people: User[];

  const allMessages = () => t.db.select().from(messages).orderBy(asc(messages.id));
  async function expectListsMatch() {
    const all = await allMessages();
    const alive = new Set((await t.db.select({ id: users.id }).from(users)).map((u) => u.id));
    for (const p of people.filter((x) => alive.has(x.id))) {
      const res = await (await t.as(p)).get('/api/messages');
      expect(res.statusCode).toBe(200);
      expect(summary(res.json()), p.firstName ?? p.id).toEqual(expectedList(all, p.id));
    }
  }

  beforeAll(async () => {
    t = await createTestContext();
    people = [];
    for (const name of ['Anna', 'Bo', 'Cilla', 'Dag', 'Eva', 'Frans']) {
      people.push(await buildUser(t.db, { firstName: name }));
    }
  });
  afterAll(() => t.close());

  it('follows posts through the API, newest conversation first, unread counted per partner', async () => {
    const [anna, bo, cilla] = people;
    const a = await t.as(anna);
    const b = await t.as(bo);
    const c = await t.as(cilla);
    await a.post('/api/messages', { receiverId: bo.id, content: 'Hej Bo' });
    await a.post('/api/messages', { receiverId: bo.id, content: 'Är du där?' });
    await c.post('/api/messages', { receiverId: anna.id, content: 'Hej Anna' });
    await b.post('/api/messages', { receiverId: anna.id, content: 'Ja!' });
    const list = (await a.get('/api/messages')).json() as Conversation[];
    expect(list.map((x) => [x.user.firstName, x.messages[0].content, x.unreadCount])).toEqual([
      ['Bo', 'Ja!', 1],
      ['Cilla', 'Hej Anna', 1],
    ]);
    // Anna's own unread messages to Bo are Bo's count, not hers.
    expect((await b.get('/api/messages')).json()[0].unreadCount).toBe(2);
    await expectListsMatch();
  });

  it('follows bulk inserts with times out of order and ties broken by the higher id', async () => {
    const [anna, bo, cilla, dag, eva] = people;
    const at = new Date('2030-01-01T12:00:00Z');
    const earlier = new Date('2020-01-01T12:00:00Z');
    await t.db.insert(messages).values([
      // Two conversations of Dag's end at the same instant: the later-inserted one is newer.
      { senderId: dag.id, receiverId: eva.id, content: 'samma tid 1', sentAt: at },
      { senderId: anna.id, receiverId: dag.id, content: 'samma tid 2', sentAt: at },
      { senderId: eva.id, receiverId: dag.id, content: 'gammalt', sentAt: earlier, read: true },
      // An old message does not replace a newer latest one.
      { senderId: cilla.id, receiverId: bo.id, content: 'gammal hälsning', sentAt: earlier },
      { senderId: bo.id, receiverId: cilla.id, content: 'ny', sentAt: at },
    ]);
    const d = (await (await t.as(dag)).get('/api/messages')).json() as Conversation[];
    expect(d.map((x) => x.messages[0].content)).toEqual(['samma tid 2', 'samma tid 1']);
    expect(d.map((x) => x.unreadCount)).toEqual([1, 0]);
    await expectListsMatch();
  });

  it('counts down when a thread is read, and follows direct edits of read, time and receiver', async () => {
    const [anna, bo, cilla, , eva, frans] = people;
    await (await t.as(anna)).get(`/api/messages/${bo.id}`);
    await expectListsMatch();
    // Marked unread again, made the oldest, moved to another receiver: each recomputed.
    const [first] = await t.db.select().from(messages).where(eq(messages.receiverId, anna.id)).limit(1);
    await t.db.update(messages).set({ read: false }).where(eq(messages.id, first.id));
    await expectListsMatch();
    await t.db
      .update(messages)
      .set({ sentAt: new Date('2000-01-01T00:00:00Z') })
      .where(eq(messages.senderId, cilla.id));
    await expectListsMatch();
    await t.db.update(messages).set({ receiverId: frans.id, read: false }).where(eq(messages.id, first.id));
    await expectListsMatch();
    await t.db.update(messages).set({ read: true }).where(eq(messages.receiverId, eva.id));
    await expectListsMatch();
  });

  it('ignores group messages', async () => {
    const [anna] = people;
    const event = await buildEvent(t.db);
    const before = await t.db.select().from(messageConversations);
    await t.db
      .insert(messages)
      .values({ senderId: anna.id, eventId: event.id, isGroupMessage: true, content: 'Hej gruppen' });
    expect(await t.db.select().from(messageConversations)).toEqual(before);
    await t.db.delete(messages).where(eq(messages.eventId, event.id));
    expect(await t.db.select().from(messageConversations)).toEqual(before);
  });

  it('follows deleted messages and the removal of a member', async () => {
    const [anna, bo, , dag] = people;
    // The latest message of Dag and Eva goes: the older one is their latest again.
    await t.db.delete(messages).where(eq(messages.content, 'samma tid 1'));
    await expectListsMatch();
    // An unread message that is not the latest goes: only Bo's unread count changes.
    const before = (await (await t.as(bo)).get('/api/messages')).json() as Conversation[];
    await t.db.delete(messages).where(eq(messages.content, 'Hej Bo'));
    const after = (await (await t.as(bo)).get('/api/messages')).json() as Conversation[];
    const withAnna = (l: Conversation[]) => l.find((c) => c.user.id === anna.id);
    expect(withAnna(after)?.unreadCount).toBe((withAnna(before)?.unreadCount ?? 0) - 1);
    await expectListsMatch();
    // Every message between Anna and Bo gone: the conversation leaves both lists.
    await t.db
      .delete(messages)
      .where(
        sql`(${messages.senderId} = ${anna.id} and ${messages.receiverId} = ${bo.id}) or (${messages.senderId} = ${bo.id} and ${messages.receiverId} = ${anna.id})`,
      );
    await expectListsMatch();
    await t.db.delete(users).where(eq(users.id, dag.id));
    const left = await t.db.select().from(messageConversations);
    expect(left.some((r) => r.userId === dag.id || r.partnerId === dag.id)).toBe(false);
    await expectListsMatch();
  });

  it('matches the messages after many random posts and reads', async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const alive = people.filter((p) => p.firstName !== 'Dag');
    const base = Date.UTC(2031, 0, 1);
    const rows = Array.from({ length: 300 }, (_, i) => {
      const s = alive[random(alive.length)];
      const others = alive.filter((p) => p !== s);
      return {
        senderId: s.id,
        receiverId: others[random(others.length)].id,
        content: `slump ${i}`,
        // Few distinct instants, so ties are common.
        sentAt: new Date(base + random(40) * 1000),
        read: random(3) === 0,
      };
    });
    for (let i = 0; i < rows.length; i += 60) await t.db.insert(messages).values(rows.slice(i, i + 60));
    await expectListsMatch();
    for (const reader of alive.slice(0, 3)) {
      await (await t.as(reader)).get(`/api/messages/${alive[4].id}`);
    }
    await expectListsMatch();
  });

  it('empties with the messages table', async () => {
    await t.db.execute(sql`truncate messages`);
    expect(await t.db.select().from(messageConversations)).toEqual([]);
  });
});
