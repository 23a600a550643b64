import { msg } from '@common/messages';
import type { Ride } from '@common/schemas/rides';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { notifications, ridePassengers, rides } from '../db/schema';
import { buildAdmin, buildEvent, buildRegistration, buildUser, eventFormPayload } from '../test/factories';
import { itOnPostgres } from '../test/postgres-only';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const HOUR = 60 * 60 * 1000;

/** 'Samåkning' (issue 30): who may see, offer, join and accept rides, and what follows. */
describe('rides', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  /** An event with `n` registered members, each logged in. */
  async function eventWith(n: number, over: Parameters<typeof buildEvent>[1] = {}) {
    const event = await buildEvent(t.db, over);
    const members: { user: UserRow; as: TestClient }[] = [];
    for (let i = 0; i < n; i++) {
      const user = await buildUser(t.db, { firstName: `M${i}`, lastName: 'Åkare' });
      await buildRegistration(t.db, { eventId: event.id, userId: user.id });
      members.push({ user, as: await t.as(user) });
    }
    return { event, members };
  }
  const depart = (event: { startTime: Date }) => new Date(event.startTime.getTime() - 2 * HOUR).toISOString();
  const offer = (event: { startTime: Date }, over: Record<string, unknown> = {}) => ({
    kind: 'offer',
    from: 'Täby',
    departAt: depart(event),
    seats: 2,
    ...over,
  });
  const list = async (as: TestClient, eventId: number) => {
    const res = await as.get(`/api/events/${eventId}/rides`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { rides: Ride[] }).rides;
  };
  const noticesOf = (userId: string, type: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'ride_changed')));

  it('is for registered members only: 401 for visitors, 403 for members without a place', async () => {
    const { event, members } = await eventWith(1);
    const outsider = await buildUser(t.db);
    const asOutsider = await t.as(outsider);
    const waitlisted = await buildUser(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: waitlisted.id, status: 'waitlisted' });
    const asWaitlisted = await t.as(waitlisted);
    const url = `/api/events/${event.id}/rides`;

    expect((await t.anon.get(url)).statusCode).toBe(401);
    expect((await t.anon.post(url, offer(event))).statusCode).toBe(401);
    for (const as of [asOutsider, asWaitlisted]) {
      const get = await as.get(url);
      expect(get.statusCode).toBe(403);
      expect(get.json()).toEqual({ message: msg.ridesOnlyForRegistered });
      const post = await as.post(url, offer(event));
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual({ message: msg.ridesOnlyForRegistered });
    }
    const created = await members[0].as.post(url, offer(event));
    expect(created.statusCode).toBe(201);
    // A ride of this event is not the outsider's to join.
    const join = await asOutsider.post(`/api/rides/${created.json().id}/join`);
    expect(join.statusCode).toBe(403);
    expect((await t.anon.post(`/api/rides/${created.json().id}/join`)).statusCode).toBe(401);
    expect((await members[0].as.get('/api/events/999999/rides')).statusCode).toBe(404);
  });

  it('answers 400 with the exact message for bad input and stores nothing', async () => {
    const { event, members } = await eventWith(1);
    const url = `/api/events/${event.id}/rides`;
    const afterEnd = new Date(event.endTime.getTime() + HOUR).toISOString();
    const cases: [unknown, string][] = [
      [{ ...offer(event), kind: 'taxi' }, msg.rideKindInvalid],
      [{ ...offer(event), from: 'Atlantis' }, msg.rideFromInvalid],
      [{ ...offer(event), from: 42 }, msg.rideFromInvalid],
      [{ ...offer(event), departAt: 'i morgon' }, msg.rideDepartInvalid],
      [{ ...offer(event), seats: undefined }, msg.rideSeatsRequired],
      [{ ...offer(event), seats: 0 }, msg.rideSeatsInvalid],
      [{ ...offer(event), seats: 9 }, msg.rideSeatsInvalid],
      [{ ...offer(event), seats: 2.5 }, msg.rideSeatsInvalid],
      [{ ...offer(event), note: 'x'.repeat(501) }, msg.rideNoteTooLong],
      [{ ...offer(event), note: 'a\u0007b' }, msg.rideNoteInvalid],
      [{ ...offer(event), departAt: afterEnd }, msg.rideDepartAfterEnd],
    ];
    for (const [body, message] of cases) {
      const res = await members[0].as.post(url, body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await members[0].as.post(url, undefined)).statusCode).toBe(400);
    expect((await members[0].as.post(url, { ...offer(event), note: 'a\u0000b' })).statusCode).toBe(400);
    expect(await t.db.select().from(rides).where(eq(rides.eventId, event.id))).toEqual([]);

    // A request has no seats; the place is stored by its municipality's name.
    const req = await members[0].as.post(url, {
      kind: 'request',
      from: ' goteborg ',
      departAt: depart(event),
      seats: 3,
    });
    expect(req.statusCode).toBe(201);
    expect(req.json()).toMatchObject({
      kind: 'request',
      from: 'Göteborg',
      county: 'Västra Götalands län',
      seats: null,
    });
  });

  it('shows matching rides first (same municipality, then same county) and never those of blocked members', async () => {
    const { event, members } = await eventWith(5);
    const [me, near, same, far, blocker] = members;
    const url = `/api/events/${event.id}/rides`;
    const at = (h: number) => new Date(event.startTime.getTime() - h * HOUR).toISOString();
    await me.as.post(url, { kind: 'request', from: 'Täby', departAt: at(3) });
    const farRide = await far.as.post(url, offer(event, { from: 'Uppsala', departAt: at(5) }));
    const nearRide = await near.as.post(url, offer(event, { from: 'Solna', departAt: at(4) }));
    const sameRide = await same.as.post(url, offer(event, { from: 'Täby', departAt: at(2) }));
    const blockedRide = await blocker.as.post(url, offer(event, { from: 'Täby', departAt: at(4) }));
    expect(blockedRide.statusCode).toBe(201);

    // The blocker blocked me: their ride disappears for me, and mine for them.
    expect((await blocker.as.post('/api/blocks', { userId: me.user.id })).statusCode).toBe(201);
    const mine = await list(me.as, event.id);
    expect(mine.map((r) => [r.id, r.match])).toEqual([
      [sameRide.json().id, 'same'],
      [nearRide.json().id, 'near'],
      [farRide.json().id, null],
      [mine.find((r) => r.mine)?.id, null],
    ]);
    expect(mine.some((r) => r.owner.id === blocker.user.id)).toBe(false);
    expect((await list(blocker.as, event.id)).some((r) => r.owner.id === me.user.id)).toBe(false);
    // Nor can I reach it by id.
    const join = await me.as.post(`/api/rides/${blockedRide.json().id}/join`);
    expect(join.statusCode).toBe(404);
    expect(join.json()).toEqual({ message: msg.rideNotFound });

    // Someone I blocked is hidden as well.
    const other = await buildUser(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: other.id });
    const asOther = await t.as(other);
    const otherRide = await asOther.post(url, offer(event, { from: 'Täby' }));
    expect((await list(me.as, event.id)).some((r) => r.id === otherRide.json().id)).toBe(true);
    await me.as.post('/api/blocks', { userId: other.id });
    expect((await list(me.as, event.id)).some((r) => r.id === otherRide.json().id)).toBe(false);
  });

  it('lets a member ask, the driver accept until full, and tells each of them', async () => {
    const { event, members } = await eventWith(4);
    const [driver, a, b, c] = members;
    const created = await driver.as.post(`/api/events/${event.id}/rides`, offer(event, { seats: 1 }));
    const id = created.json().id as number;

    expect((await driver.as.post(`/api/rides/${id}/join`)).json()).toEqual({ message: msg.rideOwnRide });
    expect((await a.as.post(`/api/rides/${id}/join`)).statusCode).toBe(200);
    const again = await a.as.post(`/api/rides/${id}/join`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: msg.rideAlreadyJoined });
    expect((await b.as.post(`/api/rides/${id}/join`)).statusCode).toBe(200);
    expect(await noticesOf(driver.user.id, 'ride_join_request')).toHaveLength(2);

    // The driver sees both who asked; the others see no names.
    const driverView = (await list(driver.as, event.id)).find((r) => r.id === id);
    expect(driverView?.passengers.map((p) => [p.user.id, p.status])).toEqual([
      [a.user.id, 'requested'],
      [b.user.id, 'requested'],
    ]);
    expect(driverView?.abilities).toMatchObject({ canAccept: true, canDelete: true, canJoin: false });
    expect((await list(c.as, event.id)).find((r) => r.id === id)?.passengers).toEqual([]);

    // Only the driver accepts.
    const notDriver = await b.as.post(`/api/rides/${id}/passengers/${a.user.id}/accept`);
    expect(notDriver.statusCode).toBe(403);
    expect(notDriver.json()).toEqual({ message: msg.rideOnlyDriver });
    expect((await driver.as.post(`/api/rides/${id}/passengers/${c.user.id}/accept`)).statusCode).toBe(404);
    expect((await driver.as.post(`/api/rides/${id}/passengers/${a.user.id}/accept`)).statusCode).toBe(200);
    expect(await noticesOf(a.user.id, 'ride_accepted')).toHaveLength(1);

    // One seat: full now. B cannot be accepted, C cannot ask.
    const full = await driver.as.post(`/api/rides/${id}/passengers/${b.user.id}/accept`);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: msg.rideFull });
    const cView = (await list(c.as, event.id)).find((r) => r.id === id);
    expect(cView).toMatchObject({ full: true, seatsTaken: 1, abilities: { canJoin: false } });
    expect((await c.as.post(`/api/rides/${id}/join`)).json()).toEqual({ message: msg.rideFull });

    // The accepted passenger sees the accepted ones and may use the conversation; B may not.
    const aView = (await list(a.as, event.id)).find((r) => r.id === id);
    expect(aView).toMatchObject({ myStatus: 'accepted', abilities: { canChat: true, canLeave: true } });
    expect(aView?.passengers.map((p) => p.user.id)).toEqual([a.user.id]);
    expect(
      (await a.as.post(`/api/rides/${id}/messages`, { content: 'Hej! Jag står vid stationen.' })).statusCode,
    ).toBe(201);
    expect((await driver.as.post(`/api/rides/${id}/messages`, { content: 'Ses 07.00' })).statusCode).toBe(
      201,
    );
    const chat = await a.as.get(`/api/rides/${id}/messages`);
    expect(chat.json().messages.map((m: { content: string }) => m.content)).toEqual([
      'Hej! Jag står vid stationen.',
      'Ses 07.00',
    ]);
    const closed = await b.as.get(`/api/rides/${id}/messages`);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ message: msg.rideConversationClosed });
    expect((await a.as.post(`/api/rides/${id}/messages`, { content: '   ' })).json()).toEqual({
      message: msg.rideMessageInvalid,
    });

    // A leaves: the seat is free again and the driver hears.
    expect((await a.as.post(`/api/rides/${id}/leave`)).statusCode).toBe(200);
    expect((await a.as.post(`/api/rides/${id}/leave`)).json()).toEqual({ message: msg.rideNotJoined });
    expect(await noticesOf(driver.user.id, 'ride_changed')).toHaveLength(1);
    expect((await driver.as.post(`/api/rides/${id}/passengers/${b.user.id}/accept`)).statusCode).toBe(200);

    // Only the owner deletes; the passengers hear.
    expect((await b.as.delete(`/api/rides/${id}`)).statusCode).toBe(404);
    expect((await driver.as.delete(`/api/rides/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(rides).where(eq(rides.id, id))).toEqual([]);
    expect(await noticesOf(b.user.id, 'ride_changed')).toHaveLength(1);
  });

  it('deletes the rides of a cancelled event and tells everyone involved', async () => {
    const admin = await buildAdmin(t.db);
    const asAdmin = await t.as(admin);
    const created = await asAdmin.post('/api/events', eventFormPayload());
    expect(created.statusCode).toBe(201);
    const event = { id: created.json().id as number, startTime: new Date(created.json().startTime) };
    const [driver, rider, asker] = await Promise.all([1, 2, 3].map(() => buildUser(t.db)));
    for (const u of [driver, rider, asker])
      await buildRegistration(t.db, { eventId: event.id, userId: u.id });
    const asDriver = await t.as(driver);
    const asRider = await t.as(rider);
    const asAsker = await t.as(asker);
    const ride = await asDriver.post(`/api/events/${event.id}/rides`, offer(event));
    await asRider.post(`/api/rides/${ride.json().id}/join`);
    await asDriver.post(`/api/rides/${ride.json().id}/passengers/${rider.id}/accept`);
    await asAsker.post(`/api/events/${event.id}/rides`, {
      kind: 'request',
      from: 'Solna',
      departAt: depart(event),
    });

    const cancel = await asAdmin.put(`/api/events/${event.id}`, eventFormPayload({ status: 'cancelled' }));
    expect(cancel.statusCode).toBe(200);
    expect(await t.db.select().from(rides).where(eq(rides.eventId, event.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(ridePassengers)
        .where(inArray(ridePassengers.userId, [rider.id])),
    ).toEqual([]);
    for (const u of [driver, rider, asker]) {
      const notes = await noticesOf(u.id, 'ride_changed');
      expect(notes.map((n) => n.title)).toEqual(['Samåkningen är borttagen']);
    }
    // Nobody can add a ride to it now.
    const late = await asDriver.post(`/api/events/${event.id}/rides`, offer(event));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: msg.rideEventClosed });
  });

  itOnPostgres('never overbooks seats when many join and the driver accepts at once', async () => {
    const { event, members } = await eventWith(9);
    const [driver, ...riders] = members;
    const ride = await driver.as.post(`/api/events/${event.id}/rides`, offer(event, { seats: 3 }));
    const id = ride.json().id as number;
    const joins = await Promise.all(riders.map((r) => r.as.post(`/api/rides/${id}/join`)));
    expect(joins.every((j) => j.statusCode === 200)).toBe(true);
    const accepts = await Promise.all(
      riders.map((r) => driver.as.post(`/api/rides/${id}/passengers/${r.user.id}/accept`)),
    );
    expect(accepts.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(accepts.filter((a) => a.statusCode === 409)).toHaveLength(5);
    const accepted = await t.db
      .select()
      .from(ridePassengers)
      .where(and(eq(ridePassengers.rideId, id), eq(ridePassengers.status, 'accepted')));
    expect(accepted).toHaveLength(3);
  });
});
