import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endUserSessions } from '../auth/sessions';
import { sessions } from '../db/schema';
import { signUpAndVerify } from '../test/browser';
import { buildUser } from '../test/factories';
import { createTestContext, sessionIdOf as sidOf, type TestContext } from '../test/test-app';
import { CLOSE_SESSION_ENDED } from './realtime.hub';
import { joinedSocket, settle, type TestSocket } from './test-socket';

/** The close code, or 'open' if the socket is still open after `ms`. */
const closedWithin = (s: TestSocket, ms = 2000) =>
  Promise.race([s.closed, settle(ms).then(() => 'open' as const)]);

const newMessages = (s: TestSocket) => s.received.filter((e) => e.type === 'new_message');

describe('a WebSocket lives as long as its session', () => {
  let t: TestContext;
  let wsUrl: string;

  beforeAll(async () => {
    t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(() => t?.close());

  /** A member with two sessions (devices) and a joined socket on each, and someone who writes to them. */
  async function twoDevices() {
    const user = await buildUser(t.db);
    const [phone, laptop] = [await t.as(user), await t.as(user)];
    const [onPhone, onLaptop] = [
      await joinedSocket(wsUrl, phone.cookie, user.id),
      await joinedSocket(wsUrl, laptop.cookie, user.id),
    ];
    const writer = await t.as(await buildUser(t.db));
    return { user, phone, laptop, onPhone, onLaptop, writer };
  }

  it('closes the socket of a session that logs out (4401); it receives nothing more', async () => {
    const { user, phone, onPhone, onLaptop, writer } = await twoDevices();
    const res = await phone.get('/api/logout');
    expect(res.statusCode).toBe(302);
    expect(await closedWithin(onPhone)).toBe(CLOSE_SESSION_ENDED);
    // The other device's session and socket go on.
    expect(onLaptop.ws.readyState).toBe(onLaptop.ws.OPEN);
    expect((await writer.post('/api/messages', { receiverId: user.id, content: 'Hej' })).statusCode).toBe(
      201,
    );
    await onLaptop.next((e) => e.type === 'new_message');
    expect(newMessages(onPhone)).toEqual([]);
    onLaptop.close();
  });

  it("closes every socket of the member at 'Logga ut överallt', and nobody else's", async () => {
    const { phone, onPhone, onLaptop } = await twoDevices();
    const bystander = await buildUser(t.db);
    const theirs = await joinedSocket(wsUrl, (await t.as(bystander)).cookie, bystander.id);
    expect((await phone.post('/api/me/logout-everywhere')).statusCode).toBe(204);
    expect(await closedWithin(onPhone)).toBe(CLOSE_SESSION_ENDED);
    expect(await closedWithin(onLaptop)).toBe(CLOSE_SESSION_ENDED);
    expect(theirs.ws.readyState).toBe(theirs.ws.OPEN);
    theirs.close();
  });

  it("closes the other sessions' sockets at a new password and keeps this session's", async () => {
    const b = await signUpAndVerify(t.app, t.db, {
      firstName: 'Pia',
      lastName: 'P',
      email: 'pia.socket@example.se',
      password: 'green2024x',
    });
    const pia = (await b.request('GET', '/api/auth/user')).json();
    const [here, elsewhere] = [await t.as({ id: pia.id }), await t.as({ id: pia.id })];
    const [sHere, sElsewhere] = [
      await joinedSocket(wsUrl, here.cookie, pia.id),
      await joinedSocket(wsUrl, elsewhere.cookie, pia.id),
    ];
    const res = await here.post('/api/me/password', {
      currentPassword: 'green2024x',
      newPassword: 'fairway2024',
    });
    expect(res.statusCode).toBe(204);
    expect(await closedWithin(sElsewhere)).toBe(CLOSE_SESSION_ENDED);
    expect(sHere.ws.readyState).toBe(sHere.ws.OPEN);
    sHere.close();
  });

  it('closes the sockets when the sessions are ended in a transaction that commits (reset, suspension), not one that rolls back', async () => {
    const { user, onPhone, onLaptop } = await twoDevices();
    await t.db
      .transaction(async (tx) => {
        await endUserSessions(tx, user.id);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await closedWithin(onPhone, 500)).toBe('open');
    await t.db.transaction((tx) => endUserSessions(tx, user.id));
    expect(await closedWithin(onPhone)).toBe(CLOSE_SESSION_ENDED);
    expect(await closedWithin(onLaptop)).toBe(CLOSE_SESSION_ENDED);
  });

  it('closes, at the next check, the sockets of sessions that expired or went without an announcement', async () => {
    const { phone, laptop, onPhone, onLaptop } = await twoDevices();
    await t.db.delete(sessions).where(eq(sessions.sid, sidOf(phone)));
    await t.db
      .update(sessions)
      .set({ expire: sql`now() - interval '1 second'` })
      .where(eq(sessions.sid, sidOf(laptop)));
    // Nothing was announced: both are still open until the check.
    expect(await closedWithin(onPhone, 300)).toBe('open');
    expect(await t.app.realtime.checkSessions()).toBe(2);
    expect(await closedWithin(onPhone)).toBe(CLOSE_SESSION_ENDED);
    expect(await closedWithin(onLaptop)).toBe(CLOSE_SESSION_ENDED);
  });

  it('sends nothing to a socket whose session has expired, even before the next check', async () => {
    const { user, phone, onPhone, onLaptop, writer } = await twoDevices();
    await t.db
      .update(sessions)
      .set({ expire: sql`now() + interval '1 second'` })
      .where(eq(sessions.sid, sidOf(phone)));
    // The check learns the new expiry; the session still lives, so nothing is closed.
    expect(await t.app.realtime.checkSessions()).toBe(0);
    await settle(1300);
    expect(
      (await writer.post('/api/messages', { receiverId: user.id, content: 'Efter utgång' })).statusCode,
    ).toBe(201);
    await onLaptop.next((e) => e.type === 'new_message');
    expect(newMessages(onPhone)).toEqual([]);
    expect(await closedWithin(onPhone)).toBe(CLOSE_SESSION_ENDED);
    onLaptop.close();
  });
});
