import type { AddressInfo } from 'node:net';
import type { ServerRealtimeEvent } from '@common/schemas/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, notifications } from '../db/schema';
import { REALTIME_CHANNEL } from '../realtime/realtime.publish';
import { joinedSocket, openSocket, settle, type TestSocket } from '../realtime/test-socket';
import { buildAdmin, buildEvent, buildUser, eventFormPayload } from '../test/factories';
import { type SecondInstance, startSecondInstance } from '../test/second-instance';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { createNotifications, LIVE_EACH_MAX, presentNotification } from './notifications.create';

const MEMBERS = LIVE_EACH_MAX + 10;

type User = Awaited<ReturnType<typeof buildUser>>;

/** The `notification` events a socket has received. */
const noticesAt = (s: TestSocket) =>
  s.received.filter(
    (e): e is Extract<ServerRealtimeEvent, { type: 'notification' }> => e.type === 'notification',
  );

/**
 * A set of notices larger than LIVE_EACH_MAX is announced with one NOTIFY; each instance loads the notices
 * of its connected members and sends each to their sockets once. Two instances over one database, with
 * real WebSockets (on PostgreSQL the second has its own LISTEN connection).
 */
describe('live delivery of a large set of notices', () => {
  let t: TestContext;
  let b: SecondInstance;
  let urlA: string;
  let urlB: string;
  let adminClient: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    urlA = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    b = await startSecondInstance(t);
    urlB = b.wsUrl;
    adminClient = await t.as(await buildAdmin(t.db));
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  /** An event with MEMBERS registered members (the last two waitlisted). */
  async function bigEvent() {
    // The prices of eventFormPayload (fee 500 + green fee 700 = 1,200).
    const event = await buildEvent(t.db, {
      maxParticipants: MEMBERS,
      price: 1200,
      registrationFee: 500,
      greenFee: 700,
    });
    const members: User[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await buildUser(t.db, { firstName: `M${i}` }));
    await t.db.insert(eventRegistrations).values(
      members.map((m, i) => ({
        eventId: event.id,
        userId: m.id,
        status: i < MEMBERS - 2 ? ('registered' as const) : ('waitlisted' as const),
      })),
    );
    return { event, members };
  }

  const formOf = (event: Awaited<ReturnType<typeof buildEvent>>, over: Record<string, unknown> = {}) =>
    eventFormPayload({
      title: event.title,
      location: event.location,
      maxParticipants: event.maxParticipants,
      startTime: event.startTime.toISOString(),
      endTime: event.endTime.toISOString(),
      registrationDeadline: null,
      ...over,
    });

  it('sends a cancellation of a big event to each connected member once, on either instance, with one NOTIFY', async () => {
    const { event, members } = await bigEvent();
    const [first, onB, waiting] = [members[0], members[1], members[MEMBERS - 1]];
    const outsider = await buildUser(t.db);
    const [c1, cB, cW, cOut] = await Promise.all([t.as(first), t.as(onB), t.as(waiting), t.as(outsider)]);
    // Two tabs of one member on A, one member on B, a waitlisted member, and an outsider.
    const sockets = {
      first1: await joinedSocket(urlA, c1.cookie, first.id),
      first2: await joinedSocket(urlA, c1.cookie, first.id),
      onB: await joinedSocket(urlB, cB.cookie, onB.id),
      waiting: await joinedSocket(urlA, cW.cookie, waiting.id),
      outsider: await joinedSocket(urlB, cOut.cookie, outsider.id),
    };
    const notifies: string[] = [];
    const unlisten = await t.database.listen(REALTIME_CHANNEL, (p) => notifies.push(p));

    const res = await adminClient.put(`/api/events/${event.id}`, formOf(event, { status: 'cancelled' }));
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `event_cancelled:${event.id}`));
    expect(rows).toHaveLength(MEMBERS);
    const rowOf = (u: User) => rows.find((r) => r.userId === u.id)!;

    for (const [socket, member] of [
      [sockets.first1, first],
      [sockets.first2, first],
      [sockets.onB, onB],
      [sockets.waiting, waiting],
    ] as const) {
      const got = await socket.next((e) => e.type === 'notification', 3000);
      expect(got).toEqual({ type: 'notification', data: presentNotification(rowOf(member)) });
    }
    await settle();
    await unlisten();
    for (const s of [sockets.first1, sockets.first2, sockets.onB, sockets.waiting]) {
      expect(noticesAt(s)).toHaveLength(1);
    }
    expect(noticesAt(sockets.outsider)).toEqual([]);
    // One NOTIFY for the set (not one per member), naming it by the rows' marker.
    const realtime = notifies.map((p) => JSON.parse(p));
    expect(realtime).toEqual([
      { ref: 'notifications', batch: rows[0].data.batch, since: expect.any(String) },
    ]);
    expect(new Set(rows.map((r) => r.data.batch)).size).toBe(1);

    // Cancelling again makes no new notices, and sends nothing.
    expect(
      (await adminClient.put(`/api/events/${event.id}`, formOf(event, { status: 'cancelled' }))).statusCode,
    ).toBe(200);
    await settle();
    expect(noticesAt(sockets.first1)).toHaveLength(1);
    for (const s of Object.values(sockets)) s.close();
  });

  it('sends rewritten notices of a big event (edits within the window) once more, and new ones once', async () => {
    const { event, members } = await bigEvent();
    const member = members[3];
    const client = await t.as(member);
    const socket = await joinedSocket(urlB, client.cookie, member.id);

    expect(
      (await adminClient.put(`/api/events/${event.id}`, formOf(event, { location: 'Halmstad GK' })))
        .statusCode,
    ).toBe(200);
    const firstNotice = await socket.next((e) => e.type === 'notification', 3000);
    expect(firstNotice.type === 'notification' && firstNotice.data.body).toContain('Halmstad GK');

    // A second edit within the window rewrites the undelivered notices: the socket gets the new text.
    expect(
      (
        await adminClient.put(
          `/api/events/${event.id}`,
          formOf(event, { location: 'Halmstad GK', price: 1300, greenFee: 800 }),
        )
      ).statusCode,
    ).toBe(200);
    const rewritten = await socket.next(
      (e) => e.type === 'notification' && e.data.body.includes('plats och pris'),
      3000,
    );
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.type, 'event_changed')));
    expect(rewritten).toEqual({ type: 'notification', data: presentNotification(row) });
    await settle();
    expect(noticesAt(socket)).toHaveLength(2);
    socket.close();
  });

  it('announces a large createNotifications with one NOTIFY too, and nothing for a socket that never joined', async () => {
    const drafted: User[] = [];
    for (let i = 0; i < MEMBERS; i++) drafted.push(await buildUser(t.db));
    const [one, idle] = [drafted[0], drafted[1]];
    const [c1, cIdle] = await Promise.all([t.as(one), t.as(idle)]);
    const joined = await joinedSocket(urlA, c1.cookie, one.id);
    const notJoined = await openSocket(urlA, { cookie: cIdle.cookie });
    const notifies: string[] = [];
    const unlisten = await t.database.listen(REALTIME_CHANNEL, (p) => notifies.push(p));

    const inserted = await createNotifications(
      t.db,
      drafted.map((u) => ({
        userId: u.id,
        type: 'event_reminder' as const,
        title: 'I morgon: Höstresa',
        body: 'Snart dags!',
        url: '/events/1',
        dedupeKey: 'live-batch-test',
      })),
    );
    expect(inserted).toHaveLength(MEMBERS);
    const got = await joined.next((e) => e.type === 'notification', 3000);
    expect(got).toEqual({
      type: 'notification',
      data: presentNotification(inserted.find((r) => r.userId === one.id)!),
    });
    await settle();
    await unlisten();
    expect(notifies.map((p) => JSON.parse(p).ref)).toEqual(['notifications']);
    expect(noticesAt(joined)).toHaveLength(1);
    expect(notJoined.received).toEqual([]);

    // A second run with the same dedupe key creates nothing and announces nothing.
    expect(
      await createNotifications(t.db, [
        {
          userId: one.id,
          type: 'event_reminder',
          title: 'x',
          body: 'y',
          url: '/',
          dedupeKey: 'live-batch-test',
        },
      ]),
    ).toEqual([]);
    await settle();
    expect(noticesAt(joined)).toHaveLength(1);
    joined.close();
    notJoined.close();
  });
});
