import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('event group chat', () => {
  let t: TestContext;
  let eventId: number;
  let otherEventId: number;
  let registered: User;
  let waitlisted: User;
  let outsider: User;
  let admin: User;
  const url = () => `/api/events/${eventId}/messages`;
  const groupRows = () => t.db.select().from(messages).where(eq(messages.eventId, eventId));

  beforeAll(async () => {
    t = await createTestContext();
    eventId = (await buildEvent(t.db)).id;
    otherEventId = (await buildEvent(t.db)).id;
    registered = await buildPro(t.db, { firstName: 'Greta', lastName: 'Green' });
    waitlisted = await buildPro(t.db, { firstName: 'Walter', lastName: null, fullName: null });
    outsider = await buildPro(t.db, { firstName: 'Olle' });
    admin = await buildAdmin(t.db, { firstName: 'Admin' });
    await buildRegistration(t.db, { eventId, userId: registered.id, status: 'registered' });
    await buildRegistration(t.db, { eventId, userId: waitlisted.id, status: 'waitlisted' });
    // Olle takes part in another event only.
    await buildRegistration(t.db, { eventId: otherEventId, userId: outsider.id, status: 'registered' });
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor', async () => {
    expect((await t.anon.get(url())).statusCode).toBe(401);
    const res = await t.anon.post(url(), { content: 'Hej' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: msg.notLoggedIn });
  });

  it('answers 404 for an unknown event', async () => {
    const g = await t.as(registered);
    for (const res of [
      await g.get('/api/events/999999/messages'),
      await g.post('/api/events/999999/messages', { content: 'Hej' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: msg.eventNotFound });
    }
  });

  it('refuses members who are neither registered nor waitlisted (403), and stores nothing', async () => {
    const o = await t.as(outsider);
    const read = await o.get(url());
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ message: msg.groupChatForbidden });
    const write = await o.post(url(), { content: 'Får jag vara med?', isGroupMessage: true, eventId });
    expect(write.statusCode).toBe(403);
    const free = await t.as(await buildUser(t.db));
    expect((await free.get(url())).statusCode).toBe(403);
    expect(await groupRows()).toHaveLength(0);
  });

  it('refuses bad input with the exact message', async () => {
    const g = await t.as(registered);
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '' }, msg.messageBlank],
      [{ content: '  \n ' }, msg.messageBlank],
      [{ content: 'x'.repeat(5001) }, msg.messageTooLong],
      [{ content: 'Hej', eventId: otherEventId }, msg.messageEventMismatch],
      [{ content: 'Hej', isGroupMessage: false }, msg.messageEventMismatch],
    ];
    for (const [body, message] of cases) {
      const res = await g.post(url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await groupRows()).toHaveLength(0);
  });

  it('lets registered and waitlisted members and admins write and read, with sender names', async () => {
    const g = await t.as(registered);
    const first = await g.post(url(), { content: '  Vem tar med bollar?  ', isGroupMessage: true, eventId });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      content: 'Vem tar med bollar?',
      eventId,
      receiverId: null,
      isGroupMessage: true,
      senderId: registered.id,
      sender: { id: registered.id, fullName: 'Greta Green', firstName: 'Greta' },
    });
    const evil = '<script>document.body.innerHTML=""</script>';
    const w = await t.as(waitlisted);
    expect((await w.post(url(), { content: evil })).statusCode).toBe(201);
    const a = await t.as(admin);
    expect((await a.post(url(), { content: 'Glöm inte tävlingsreglerna.' })).statusCode).toBe(201);

    for (const reader of [g, w, a]) {
      const res = await reader.get(url());
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((m: { content: string }) => m.content)).toEqual([
        'Vem tar med bollar?',
        evil,
        'Glöm inte tävlingsreglerna.',
      ]);
      expect(list[1].sender).toMatchObject({ id: waitlisted.id, firstName: 'Walter', fullName: null });
      expect(list[0].sender).not.toHaveProperty('email');
    }
    const rows = await groupRows();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.isGroupMessage && r.receiverId === null)).toBe(true);
  });

  it('keeps group messages out of the direct-message lists', async () => {
    const g = await t.as(registered);
    expect((await g.get('/api/messages')).json()).toEqual([]);
    expect((await g.get('/api/messages/unread-count')).json()).toEqual({ count: 0 });
  });
});
