import type { AddressInfo } from 'node:net';
import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, users } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { joinedSocket, openSocket, settle } from './test-socket';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('WebSocket /ws', () => {
  let t: TestContext;
  let wsUrl: string;
  let anna: User;
  let bo: User;
  let cilla: User;
  let a: TestClient;
  let b: TestClient;
  let c: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    anna = await buildUser(t.db, { firstName: 'Anna' });
    bo = await buildUser(t.db, { firstName: 'Bo' });
    cilla = await buildUser(t.db, { firstName: 'Cilla' });
    [a, b, c] = await Promise.all([t.as(anna), t.as(bo), t.as(cilla)]);
  });
  afterAll(() => t?.close());

  it('refuses the upgrade without a session (401) and from a foreign origin (403)', async () => {
    await expect(openSocket(wsUrl)).rejects.toThrow('upgrade refused: 401');
    await expect(openSocket(wsUrl, { cookie: a.cookie, origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    expect(t.app.realtime.size).toBe(0);
  });

  it('pushes a new direct message to the receiver and to the sender, and to nobody else', async () => {
    const [sa, sb, sc] = await Promise.all([
      joinedSocket(wsUrl, a.cookie, anna.id),
      joinedSocket(wsUrl, b.cookie, bo.id),
      joinedSocket(wsUrl, c.cookie, cilla.id),
    ]);
    const res = await a.post('/api/messages', { receiverId: bo.id, content: '<b>Hej</b> Bo' });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const isIt = (e: { type: string; data: unknown }) =>
      e.type === 'new_message' && (e.data as { message: { id: number } }).message.id === id;
    const atBo = await sb.next(isIt);
    expect(atBo).toEqual({ type: 'new_message', data: { message: res.json() } });
    await sa.next(isIt);
    await settle();
    expect(sc.received.filter((e) => e.type === 'new_message')).toEqual([]);
    for (const s of [sa, sb, sc]) s.close();
  });

  it('refuses a join_messages with another member id and sends that socket nothing', async () => {
    const spy = await openSocket(wsUrl, { cookie: c.cookie });
    spy.ws.send(JSON.stringify({ type: 'join_messages', userId: bo.id }));
    await spy.next((e) => e.type === 'error');
    expect(spy.received[0]).toEqual({ type: 'error', data: { message: msg.realtimeJoinRefused } });
    expect(await spy.closed).toBe(4403);

    // A socket that never joined gets nothing either, not even its own member's messages.
    const idle = await openSocket(wsUrl, { cookie: b.cookie });
    await a.post('/api/messages', { receiverId: bo.id, content: 'Bara till Bo' });
    await settle();
    expect(spy.received.some((e) => e.type === 'new_message')).toBe(false);
    expect(idle.received).toEqual([]);
    idle.close();
  });

  it('pushes a message too large for NOTIFY (loaded by id) intact', async () => {
    const sb = await joinedSocket(wsUrl, b.cookie, bo.id);
    const content = 'åäö'.repeat(1666);
    const res = await a.post('/api/messages', { receiverId: bo.id, content });
    expect(res.statusCode).toBe(201);
    const e = await sb.next((x) => x.type === 'new_message');
    expect(e.type === 'new_message' && e.data.message.content).toBe(content);
    sb.close();
  });

  it("pushes group messages to the event's registered and waitlisted members only", async () => {
    const event = await buildEvent(t.db);
    const greta = await buildPro(t.db, { firstName: 'Greta' });
    const walter = await buildPro(t.db, { firstName: 'Walter' });
    const olle = await buildPro(t.db, { firstName: 'Olle' });
    await buildRegistration(t.db, { eventId: event.id, userId: greta.id });
    await buildRegistration(t.db, { eventId: event.id, userId: walter.id, status: 'waitlisted' });
    const [g, w, o] = await Promise.all([t.as(greta), t.as(walter), t.as(olle)]);
    const [sg, sw, so] = await Promise.all([
      joinedSocket(wsUrl, g.cookie, greta.id),
      joinedSocket(wsUrl, w.cookie, walter.id),
      joinedSocket(wsUrl, o.cookie, olle.id),
    ]);
    const res = await g.post(`/api/events/${event.id}/messages`, { content: 'Ses vid första tee!' });
    expect(res.statusCode).toBe(201);
    const atWalter = await sw.next((e) => e.type === 'new_message');
    expect(atWalter.type === 'new_message' && atWalter.data.message).toMatchObject({
      eventId: event.id,
      content: 'Ses vid första tee!',
      sender: { firstName: 'Greta' },
    });
    await sg.next((e) => e.type === 'new_message');
    await settle();
    expect(so.received.filter((e) => e.type === 'new_message')).toEqual([]);
    for (const s of [sg, sw, so]) s.close();
  });

  describe('an open group chat (watch_event_chat)', () => {
    type Sock = Awaited<ReturnType<typeof openSocket>>;
    const newMessages = (s: Sock, id: number) =>
      s.received.filter((e) => e.type === 'new_message' && e.data.message.id === id);
    /** A joined socket that also watches the event's group chat; answers it and the reply. */
    async function watching(cookie: string | null, userId: string, eventId: number) {
      const s = await joinedSocket(wsUrl, cookie, userId);
      s.ws.send(JSON.stringify({ type: 'watch_event_chat', eventId }));
      const reply = await s.next((e) => e.type === 'watching_event_chat' || e.type === 'error');
      return { s, reply };
    }

    it('pushes a new message within 1 s to an admin who takes no part, and never to a member who may not read it', async () => {
      const event = await buildEvent(t.db);
      const greta = await buildPro(t.db, { firstName: 'Greta' });
      const walter = await buildPro(t.db, { firstName: 'Walter' });
      const olle = await buildPro(t.db, { firstName: 'Olle' });
      const admin = await buildAdmin(t.db, { firstName: 'Ada' });
      const idle = await buildAdmin(t.db, { firstName: 'Ivar' });
      await buildRegistration(t.db, { eventId: event.id, userId: greta.id });
      await buildRegistration(t.db, { eventId: event.id, userId: walter.id, status: 'waitlisted' });
      const [g, w, o, ad, iv] = await Promise.all([greta, walter, olle, admin, idle].map((u) => t.as(u)));

      const atAdmin = await watching(ad.cookie, admin.id, event.id);
      expect(atAdmin.reply).toEqual({ type: 'watching_event_chat', data: { eventId: event.id } });
      const atWalter = await watching(w.cookie, walter.id, event.id);
      expect(atWalter.reply.type).toBe('watching_event_chat');
      // Olle takes no part: refused with the group chat's message, and his socket stays open.
      const atOlle = await watching(o.cookie, olle.id, event.id);
      expect(atOlle.reply).toEqual({ type: 'error', data: { message: msg.groupChatForbidden } });
      expect(atOlle.s.ws.readyState).toBe(atOlle.s.ws.OPEN);
      // An admin without the chat open is not sent it.
      const adminElsewhere = await joinedSocket(wsUrl, iv.cookie, idle.id);

      const started = Date.now();
      const res = await g.post(`/api/events/${event.id}/messages`, { content: 'Ses vid första tee!' });
      expect(res.statusCode).toBe(201);
      const id = res.json().id;
      const e = await atAdmin.s.next((x) => x.type === 'new_message', 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(e).toEqual({ type: 'new_message', data: { message: res.json() } });
      await atWalter.s.next((x) => x.type === 'new_message');
      await settle();
      expect(newMessages(atOlle.s, id)).toEqual([]);
      expect(newMessages(adminElsewhere, id)).toEqual([]);
      // Walter's socket is in both his own stream and the chat: he gets it once.
      expect(newMessages(atWalter.s, id)).toHaveLength(1);
      for (const s of [atAdmin.s, atWalter.s, atOlle.s, adminElsewhere]) s.close();
    });

    it('answers 404 for an unknown event, and stops after unwatch_event_chat', async () => {
      const event = await buildEvent(t.db);
      const greta = await buildPro(t.db);
      await buildRegistration(t.db, { eventId: event.id, userId: greta.id });
      const admin = await buildAdmin(t.db);
      const [g, ad] = await Promise.all([t.as(greta), t.as(admin)]);
      const unknown = await watching(ad.cookie, admin.id, 999_999);
      expect(unknown.reply).toEqual({ type: 'error', data: { message: msg.eventNotFound } });
      unknown.s.close();

      const { s } = await watching(ad.cookie, admin.id, event.id);
      s.ws.send(JSON.stringify({ type: 'unwatch_event_chat', eventId: event.id }));
      await settle(100);
      const res = await g.post(`/api/events/${event.id}/messages`, { content: 'Hör ni mig?' });
      await settle();
      expect(newMessages(s, res.json().id)).toEqual([]);
      s.close();
    });

    it('checks the right to read at each message: a cancelled member and a former admin get nothing', async () => {
      const event = await buildEvent(t.db);
      const greta = await buildPro(t.db);
      const rut = await buildPro(t.db, { firstName: 'Rut' });
      const admin = await buildAdmin(t.db);
      await buildRegistration(t.db, { eventId: event.id, userId: greta.id });
      await buildRegistration(t.db, { eventId: event.id, userId: rut.id });
      const [g, r, ad] = await Promise.all([t.as(greta), t.as(rut), t.as(admin)]);
      const atRut = await watching(r.cookie, rut.id, event.id);
      const atAdmin = await watching(ad.cookie, admin.id, event.id);
      expect([atRut.reply.type, atAdmin.reply.type]).toEqual(['watching_event_chat', 'watching_event_chat']);

      await t.db
        .delete(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.userId, rut.id)));
      await t.db.update(users).set({ role: 'member' }).where(eq(users.id, admin.id));
      const res = await g.post(`/api/events/${event.id}/messages`, { content: 'Bara för deltagare' });
      expect(res.statusCode).toBe(201);
      await settle();
      expect(newMessages(atRut.s, res.json().id)).toEqual([]);
      expect(newMessages(atAdmin.s, res.json().id)).toEqual([]);
      for (const s of [atRut.s, atAdmin.s]) s.close();
    });
  });

  it("tells the reader's own sockets when a thread has been read", async () => {
    const sb = await joinedSocket(wsUrl, b.cookie, bo.id);
    await a.post('/api/messages', { receiverId: bo.id, content: 'Läs mig' });
    await b.get(`/api/messages/${anna.id}`);
    expect(await sb.next((e) => e.type === 'messages_read')).toEqual({
      type: 'messages_read',
      data: { userId: anna.id },
    });
    sb.close();
  });

  it('pushes a waitlist promotion notice to the promoted member when a place frees up', async () => {
    const event = await buildEvent(t.db, { maxParticipants: 4 });
    const holders = await Promise.all([1, 2, 3, 4].map(() => buildPro(t.db)));
    for (const h of holders) await buildRegistration(t.db, { eventId: event.id, userId: h.id });
    const waiting = await buildPro(t.db, { firstName: 'Vera' });
    await buildRegistration(t.db, { eventId: event.id, userId: waiting.id, status: 'waitlisted' });
    const sv = await joinedSocket(wsUrl, (await t.as(waiting)).cookie, waiting.id);
    const leaver = await t.as(holders[0]);
    const res = await leaver.delete(`/api/events/${event.id}/register`);
    expect(res.statusCode).toBe(200);
    const e = await sv.next((x) => x.type === 'event_notification');
    expect(e.type === 'event_notification' && e.data.notification).toMatchObject({
      eventId: event.id,
      userId: waiting.id,
      type: 'waitlist_promoted',
      content: `${msg.promotedFromWaitlist} ${event.title}.`,
      read: false,
    });
    sv.close();
  });

  it('drops a socket that stops answering pings, keeps one that answers', async () => {
    const deadRaw = await openSocket(wsUrl, { cookie: a.cookie, autoPong: false });
    const alive = await joinedSocket(wsUrl, b.cookie, bo.id);
    await settle(100);
    t.app.realtime.heartbeat();
    await settle(200);
    t.app.realtime.heartbeat();
    expect(await deadRaw.closed).toBe(1006);
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
    alive.close();
  });
});

describe('WebSocket on shutdown', () => {
  it('closes every socket when the app closes', async () => {
    const t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    const user = await buildUser(t.db);
    const s = await joinedSocket(url, (await t.as(user)).cookie, user.id);
    await t.close();
    // A clean close frame (1001 from the hub, or 1005 from @fastify/websocket's own preClose).
    expect([1001, 1005]).toContain(await s.closed);
  });
});
