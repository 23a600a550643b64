import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { type SecondInstance, startSecondInstance } from '../test/second-instance';
import { createTestContext, type TestContext } from '../test/test-app';
import { CLOSE_SESSION_ENDED } from './realtime.hub';
import { joinedSocket, openSocket, settle } from './test-socket';

/**
 * Two app instances listening on their own ports over one database. On PostgreSQL the second has its
 * own pool and LISTEN connection, so a push reaches it only through NOTIFY, as between two processes.
 */
describe('realtime across two server instances', () => {
  let t: TestContext;
  let b: SecondInstance;
  let urlB: string;

  beforeAll(async () => {
    t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    b = await startSecondInstance(t);
    urlB = b.wsUrl;
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('delivers a message posted through instance A within one second to a socket held by B', async () => {
    const anna = await buildUser(t.db, { firstName: 'Anna' });
    const bo = await buildUser(t.db, { firstName: 'Bo' });
    const cilla = await buildUser(t.db, { firstName: 'Cilla' });
    const [a, b, c] = await Promise.all([t.as(anna), t.as(bo), t.as(cilla)]);
    // Sessions live in the database, so B accepts the cookie that A's login made.
    const atB = await joinedSocket(urlB, b.cookie, bo.id);
    const spy = await openSocket(urlB, { cookie: c.cookie });
    spy.ws.send(JSON.stringify({ type: 'join_messages', userId: bo.id }));
    await spy.next((e) => e.type === 'error');

    const started = Date.now();
    const res = await a.post('/api/messages', { receiverId: bo.id, content: 'Hej från instans A' });
    expect(res.statusCode).toBe(201);
    const e = await atB.next((x) => x.type === 'new_message', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(e.type === 'new_message' && e.data.message).toMatchObject({
      id: res.json().id,
      senderId: anna.id,
      content: 'Hej från instans A',
    });
    await settle();
    expect(spy.received.filter((x) => x.type === 'new_message')).toEqual([]);
    atB.close();
  });

  it('delivers a group message posted through B to a member whose socket is on A', async () => {
    const event = await buildEvent(t.db);
    const greta = await buildUser(t.db, { firstName: 'Greta', membershipType: 'pro' });
    const walter = await buildUser(t.db, { firstName: 'Walter', membershipType: 'pro' });
    await buildRegistration(t.db, { eventId: event.id, userId: greta.id });
    await buildRegistration(t.db, { eventId: event.id, userId: walter.id, status: 'waitlisted' });
    const [g, w] = await Promise.all([t.as(greta), t.as(walter)]);
    const urlA = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    const atA = await joinedSocket(urlA, w.cookie, walter.id);
    const res = await b.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/messages`,
      headers: { host: 'localhost:5000', origin: 'http://localhost:5000', cookie: g.cookie! },
      payload: { content: 'Tee 09:10' },
    });
    expect(res.statusCode).toBe(201);
    const e = await atA.next((x) => x.type === 'new_message', 1000);
    expect(e.type === 'new_message' && e.data.message.content).toBe('Tee 09:10');
    atA.close();
  });
  it('closes a socket held by B within one second when its session logs out through A', async () => {
    const anna = await buildUser(t.db, { firstName: 'Anna' });
    const a = await t.as(anna);
    const atB = await joinedSocket(urlB, a.cookie, anna.id);
    const started = Date.now();
    expect((await a.get('/api/logout')).statusCode).toBe(302);
    expect(await atB.closed).toBe(CLOSE_SESSION_ENDED);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(b.app.realtime.countFor(anna.id)).toBe(0);
  });

  it('delivers a group message posted through A to an admin watching that chat on B', async () => {
    const event = await buildEvent(t.db);
    const greta = await buildUser(t.db, { firstName: 'Greta', membershipType: 'pro' });
    await buildRegistration(t.db, { eventId: event.id, userId: greta.id });
    const admin = await buildAdmin(t.db);
    const [g, ad] = await Promise.all([t.as(greta), t.as(admin)]);
    const atB = await joinedSocket(urlB, ad.cookie, admin.id);
    atB.ws.send(JSON.stringify({ type: 'watch_event_chat', eventId: event.id }));
    await atB.next((e) => e.type === 'watching_event_chat');
    const started = Date.now();
    const res = await g.post(`/api/events/${event.id}/messages`, { content: 'Starttid 08:30' });
    expect(res.statusCode).toBe(201);
    const e = await atB.next((x) => x.type === 'new_message', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(e.type === 'new_message' && e.data.message.content).toBe('Starttid 08:30');
    atB.close();
  });
});
