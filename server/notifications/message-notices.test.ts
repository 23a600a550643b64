import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, notifications, userPresence } from '../db/schema';
import { openSocket } from '../realtime/test-socket';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { directMessageDeliveryRule, isOnline, MESSAGE_EMAIL_INTERVAL_MS } from './message-notices';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('message notices', () => {
  let t: TestContext;
  let wsUrl: string;
  let anna: User;
  let bo: User;
  let cilla: User;

  beforeAll(async () => {
    t = await createTestContext({ NOTIFY_MESSAGE_DELAY_SECONDS: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    wsUrl = `ws://127.0.0.1:${address.port}/ws`;
    anna = await buildUser(t.db, { firstName: 'Anna', lastName: 'Ek' });
    bo = await buildUser(t.db, { firstName: 'Bo', lastName: 'Lind' });
    cilla = await buildUser(t.db, { firstName: 'Cilla', lastName: 'Ås' });
  });
  afterAll(() => t.close());

  const noticesOf = (userId: string, type: 'direct_message' | 'group_message') =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it('gives the receiver one notice per unread conversation, and nobody else any', async () => {
    const a = await t.as(anna);
    expect((await a.post('/api/messages', { receiverId: bo.id, content: 'Hej Bo!' })).statusCode).toBe(201);
    let [notice, ...more] = await noticesOf(bo.id, 'direct_message');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      title: 'Nytt meddelande från Anna Ek',
      body: 'Hej Bo!',
      url: `/messages?recipient=${anna.id}`,
      readAt: null,
      deliveredAt: null,
    });
    expect((await a.post('/api/messages', { receiverId: bo.id, content: 'Ses på rangen?' })).statusCode).toBe(
      201,
    );
    [notice, ...more] = await noticesOf(bo.id, 'direct_message');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ title: '2 nya meddelanden från Anna Ek', body: 'Ses på rangen?' });
    expect(await noticesOf(anna.id, 'direct_message')).toEqual([]);
    expect(await noticesOf(cilla.id, 'direct_message')).toEqual([]);
  });

  it('e-mails an offline receiver once an hour per conversation, and not once read', async () => {
    const [notice] = await noticesOf(bo.id, 'direct_message');
    expect(await directMessageDeliveryRule(t.db, notice)).toEqual({ email: true, push: true });
    // The fan-out marks it delivered; a third message within the hour re-arms it only after the hour.
    await t.db.update(notifications).set({ deliveredAt: new Date() }).where(eq(notifications.id, notice.id));
    expect(await directMessageDeliveryRule(t.db, notice)).toEqual({ email: false, push: false });
    const a = await t.as(anna);
    await a.post('/api/messages', { receiverId: bo.id, content: 'Hallå?' });
    const [rearmed] = await noticesOf(bo.id, 'direct_message');
    expect(rearmed.id).toBe(notice.id);
    expect(rearmed.deliveredAt).toBeNull();
    const emailedAt = Date.parse(String(rearmed.data.emailedAt));
    expect(rearmed.deliverAfter.getTime()).toBeGreaterThanOrEqual(emailedAt + MESSAGE_EMAIL_INTERVAL_MS);
    expect(await directMessageDeliveryRule(t.db, rearmed)).toEqual({ email: false, push: false });

    // Bo opens the thread: notice and messages read, so nothing goes out even after the hour.
    const b = await t.as(bo);
    expect((await b.get(`/api/messages/${anna.id}`)).statusCode).toBe(200);
    const [read] = await noticesOf(bo.id, 'direct_message');
    expect(read.readAt).not.toBeNull();
    await t.db
      .update(notifications)
      .set({ data: sql`${notifications.data} - 'emailedAt'` })
      .where(eq(notifications.id, read.id));
    expect(await directMessageDeliveryRule(t.db, read)).toEqual({ email: false, push: false });

    // The next message starts a new notice.
    await a.post('/api/messages', { receiverId: bo.id, content: 'Ny tråd' });
    expect((await noticesOf(bo.id, 'direct_message')).filter((n) => n.readAt === null)).toHaveLength(1);
  });

  it('keeps presence rows while a member has a socket open, and sends an online receiver no e-mail', async () => {
    const c = await t.as(cilla);
    const socket = await openSocket(wsUrl, { cookie: c.cookie });
    await t.app.presence.settled();
    const rows = await t.db.select().from(userPresence).where(eq(userPresence.userId, cilla.id));
    expect(rows).toMatchObject([{ instanceId: t.app.presence.instanceId, sockets: 1 }]);
    expect(await isOnline(t.db, cilla.id)).toBe(true);

    const a = await t.as(anna);
    await a.post('/api/messages', { receiverId: cilla.id, content: 'Hej Cilla' });
    const [notice] = await noticesOf(cilla.id, 'direct_message');
    expect(await directMessageDeliveryRule(t.db, notice)).toEqual({ email: false, push: false });

    // A row not refreshed for two heartbeats is stale (an instance that died).
    await t.db.update(userPresence).set({ seenAt: new Date(Date.now() - 120_000) });
    expect(await isOnline(t.db, cilla.id)).toBe(false);
    t.app.presence.refresh();
    await t.app.presence.settled();
    expect(await isOnline(t.db, cilla.id)).toBe(true);

    socket.close();
    await socket.closed;
    await new Promise((r) => setTimeout(r, 50));
    await t.app.presence.settled();
    expect(await t.db.select().from(userPresence).where(eq(userPresence.userId, cilla.id))).toEqual([]);
    expect(await isOnline(t.db, cilla.id)).toBe(false);
    expect(await directMessageDeliveryRule(t.db, notice)).toEqual({ email: true, push: true });
  });

  it('sends group chat digests only to opted-in registered members, at most one an hour', async () => {
    const event = await buildEvent(t.db);
    const dan = await buildUser(t.db, { firstName: 'Dan' });
    const eva = await buildUser(t.db, { firstName: 'Eva' });
    await buildRegistration(t.db, { eventId: event.id, userId: anna.id });
    await buildRegistration(t.db, { eventId: event.id, userId: bo.id });
    await buildRegistration(t.db, { eventId: event.id, userId: cilla.id });
    await buildRegistration(t.db, { eventId: event.id, userId: dan.id, status: 'waitlisted' });
    // Bo, Dan (waitlisted), Eva (not registered) and Anna (the sender) opted in; Cilla did not.
    for (const u of [bo, dan, eva, anna]) {
      await t.db
        .insert(notificationPreferences)
        .values({ userId: u.id, preferences: { group_message: { email: true } } })
        .onConflictDoNothing();
    }
    const a = await t.as(anna);
    for (const content of ['Vem kör till banan?', 'Jag har plats för två']) {
      const res = await a.post(`/api/events/${event.id}/messages`, { content, isGroupMessage: true });
      expect(res.statusCode).toBe(201);
    }
    const digests = await t.db
      .select({ userId: notifications.userId, body: notifications.body, url: notifications.url })
      .from(notifications)
      .where(eq(notifications.type, 'group_message'));
    expect(digests).toEqual([
      {
        userId: bo.id,
        body: `2 nya meddelanden i gruppchatten för ${event.title}`,
        url: `/events/${event.id}`,
      },
    ]);
  });
});
