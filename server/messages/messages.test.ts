import { msg } from '@common/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema';
import { buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('direct messages', () => {
  let t: TestContext;
  let anna: User;
  let bo: User;
  let cilla: User;
  const count = async () => Number((await t.db.select({ n: sql<number>`count(*)` }).from(messages))[0].n);

  beforeAll(async () => {
    t = await createTestContext();
    anna = await buildUser(t.db, { firstName: 'Anna' });
    bo = await buildUser(t.db, { firstName: 'Bo' });
    cilla = await buildUser(t.db, { firstName: 'Cilla' });
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor on every call', async () => {
    for (const res of [
      await t.anon.get('/api/messages'),
      await t.anon.get('/api/messages/unread-count'),
      await t.anon.get(`/api/messages/${bo.id}`),
      await t.anon.post('/api/messages', { receiverId: bo.id, content: 'Hej' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: msg.notLoggedIn });
    }
    expect(await count()).toBe(0);
  });

  it('refuses bad input with the exact message and stores nothing', async () => {
    const a = await t.as(anna);
    const cases: [unknown, number, string][] = [
      [{ receiverId: bo.id, content: '' }, 400, msg.messageBlank],
      [{ receiverId: bo.id, content: '   \n\t ' }, 400, msg.messageBlank],
      [{ receiverId: bo.id }, 400, msg.messageBlank],
      [{ receiverId: bo.id, content: 'x'.repeat(5001) }, 400, msg.messageTooLong],
      [{ content: 'Hej' }, 400, msg.messageRecipientRequired],
      [{ receiverId: '', content: 'Hej' }, 400, msg.messageRecipientRequired],
      [{ receiverId: anna.id, content: 'Hej mig' }, 400, msg.messageToSelf],
      [{ receiverId: 'no-such-member', content: 'Hej' }, 404, msg.userNotFound],
    ];
    for (const [body, status, message] of cases) {
      const res = await a.post('/api/messages', body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await count()).toBe(0);
  });

  it('sends a trimmed message of up to 5,000 characters and stores it unread', async () => {
    const a = await t.as(anna);
    const res = await a.post('/api/messages', { receiverId: bo.id, content: '  Hej Bo! Ses på rangen?  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      senderId: anna.id,
      receiverId: bo.id,
      eventId: null,
      content: 'Hej Bo! Ses på rangen?',
      read: false,
      isGroupMessage: false,
      sender: { id: anna.id, firstName: 'Anna' },
    });
    expect(body.sender).not.toHaveProperty('email');
    const [row] = await t.db.select().from(messages).where(eq(messages.id, body.id));
    expect(row).toMatchObject({
      senderId: anna.id,
      receiverId: bo.id,
      content: 'Hej Bo! Ses på rangen?',
      read: false,
    });

    const long = await a.post('/api/messages', { receiverId: bo.id, content: 'å'.repeat(5000) });
    expect(long.statusCode).toBe(201);
    expect(long.json().content).toHaveLength(5000);
  });

  it('returns a <script> message verbatim as text', async () => {
    const evil = '<script>alert("xss")</script><img src=x onerror=alert(1)>';
    const b = await t.as(bo);
    const res = await b.post('/api/messages', { receiverId: anna.id, content: evil });
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toBe(evil);
    const a = await t.as(anna);
    const thread = await a.get(`/api/messages/${bo.id}`);
    expect(thread.headers['content-type']).toMatch(/^application\/json/);
    expect(thread.json().at(-1).content).toBe(evil);
  });

  it('lists conversations newest first with the latest message and unread count, public fields only', async () => {
    const c = await t.as(cilla);
    await c.post('/api/messages', { receiverId: bo.id, content: 'Hej från Cilla' });
    await c.post('/api/messages', { receiverId: bo.id, content: 'Är du där?' });

    const b = await t.as(bo);
    const res = await b.get('/api/messages');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { user: { id: string } }) => c.user.id)).toEqual([cilla.id, anna.id]);
    expect(list[0].messages).toHaveLength(1);
    expect(list[0].messages[0]).toMatchObject({ content: 'Är du där?', senderId: cilla.id });
    expect(list[0].unreadCount).toBe(2);
    expect(list[0].user).not.toHaveProperty('email');
    expect(list[0].user).not.toHaveProperty('stripeCustomerId');
    // Bo has not opened Anna's thread: her 2 messages are unread for him; Bo's own message is not counted.
    expect(list[1].unreadCount).toBe(2);
    expect(list[1].messages[0].senderId).toBe(bo.id);

    const unread = await b.get('/api/messages/unread-count');
    expect(unread.json()).toEqual({ count: 4 });
  });

  it('returns the thread oldest first and marks only what the reader received as read', async () => {
    const b = await t.as(bo);
    const res = await b.get(`/api/messages/${anna.id}`);
    expect(res.statusCode).toBe(200);
    const thread = res.json();
    expect(thread.map((m: { senderId: string }) => m.senderId)).toEqual([anna.id, anna.id, bo.id]);
    const times = thread.map((m: { sentAt: string }) => Date.parse(m.sentAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    const rows = await t.db.select().from(messages);
    for (const r of rows) {
      if (r.receiverId === bo.id && r.senderId === anna.id) expect(r.read).toBe(true);
      if (r.receiverId === bo.id && r.senderId === cilla.id) expect(r.read).toBe(false);
      // Anna read Bo's message earlier (the <script> test); opening Bo's side changes nothing of hers.
      if (r.receiverId === anna.id) expect(r.read).toBe(true);
    }
    expect((await b.get('/api/messages/unread-count')).json()).toEqual({ count: 2 });
    const list = (await b.get('/api/messages')).json();
    expect(list.find((c: { user: { id: string } }) => c.user.id === anna.id).unreadCount).toBe(0);
  });

  it('never shows a thread between two others: a third member only sees their own', async () => {
    const c = await t.as(cilla);
    const othersBefore = await t.db.select({ id: messages.id, read: messages.read }).from(messages);
    const withAnna = await c.get(`/api/messages/${anna.id}`);
    expect(withAnna.statusCode).toBe(200);
    expect(withAnna.json()).toEqual([]);
    const withBo = (await c.get(`/api/messages/${bo.id}`)).json();
    expect(
      withBo.every((m: { senderId: string; receiverId: string }) =>
        [m.senderId, m.receiverId].includes(cilla.id),
      ),
    ).toBe(true);
    const list = (await c.get('/api/messages')).json();
    expect(list.map((x: { user: { id: string } }) => x.user.id)).toEqual([bo.id]);
    // Reading changed no message between Anna and Bo.
    const othersAfter = await t.db.select({ id: messages.id, read: messages.read }).from(messages);
    const notCillas = (rows: { id: number; read: boolean }[]) => rows.filter((r) => !cillaIds.has(r.id));
    const cillaIds = new Set(
      (await t.db.select().from(messages)).filter((r) => r.receiverId === cilla.id).map((r) => r.id),
    );
    expect(notCillas(othersAfter).sort((x, y) => x.id - y.id)).toEqual(
      notCillas(othersBefore).sort((x, y) => x.id - y.id),
    );
  });

  it('answers 404 for a thread with an unknown member', async () => {
    const a = await t.as(anna);
    const res = await a.get('/api/messages/no-such-member');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: msg.userNotFound });
  });

  it('pages long threads with before and limit, oldest first within a page', async () => {
    const d = await buildUser(t.db, { firstName: 'Dag' });
    const e = await buildUser(t.db, { firstName: 'Eva' });
    const base = Date.now() - 60_000;
    await t.db.insert(messages).values(
      Array.from({ length: 25 }, (_, i) => ({
        senderId: i % 2 ? d.id : e.id,
        receiverId: i % 2 ? e.id : d.id,
        content: `m${i}`,
        sentAt: new Date(base + i * 1000),
      })),
    );
    const client = await t.as(d);
    const last = (await client.get(`/api/messages/${e.id}?limit=10`)).json();
    expect(last.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${15 + i}`),
    );
    const before = (await client.get(`/api/messages/${e.id}?limit=10&before=${last[0].id}`)).json();
    expect(before.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${5 + i}`),
    );
    const bad = await client.get(`/api/messages/${e.id}?limit=0`);
    expect(bad.statusCode).toBe(400);
  });
});
