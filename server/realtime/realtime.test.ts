import type { AddressInfo } from 'node:net';
import { msg } from '@common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, buildPro, buildRegistration, buildUser } from '../test/factories';
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
