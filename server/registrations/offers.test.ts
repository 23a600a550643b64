import { msg } from '@common/messages';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { eventRegistrations, notifications } from '../db/schema';
import { buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { acceptOffer, expireOffers } from './offers.service';
import { cancelRegistration } from './registrations.service';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Waitlist offers (issue 14): places offered in order for a limited time, accepted, declined or passed on. */
describe('waitlist offers', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const regsOf = (eventId: number) =>
    t.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, eventId))
      .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id));
  const statusOf = async (eventId: number, userId: string) =>
    (await regsOf(eventId)).filter((r) => r.userId === userId).map((r) => r.status);
  const noticesOf = (userId: string, type: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'waitlist_offer')));

  /** A full four-place event in offer mode with `waiting` members on its waitlist, in that order. */
  async function fullOfferEvent(waiting: number, over: Parameters<typeof buildEvent>[1] = {}) {
    const event = await buildEvent(t.db, {
      maxParticipants: 4,
      waitlistMode: 'offer',
      waitlistOfferHours: 24,
      ...over,
    });
    const holders: UserRow[] = [];
    const queue: UserRow[] = [];
    const base = Date.now() - DAY;
    for (let i = 0; i < 4; i++) {
      const u = await buildPro(t.db);
      holders.push(u);
      await buildRegistration(t.db, {
        eventId: event.id,
        userId: u.id,
        registeredAt: new Date(base + i * 1000),
      });
    }
    for (let i = 0; i < waiting; i++) {
      const u = await buildPro(t.db);
      queue.push(u);
      await buildRegistration(t.db, {
        eventId: event.id,
        userId: u.id,
        status: 'waitlisted',
        registeredAt: new Date(base + (10 + i) * 1000),
      });
    }
    return { event, holders, queue };
  }

  it('offers a freed place to the first in line for the answer time, with a notice; the place stays taken', async () => {
    const { event, holders, queue } = await fullOfferEvent(2);
    const before = Date.now();
    const res = await (await t.as(holders[0])).delete(`/api/events/${event.id}/register`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ promotedCount: 1, lateCancellation: false, amountDue: 0 });
    const first = (await regsOf(event.id)).find((r) => r.userId === queue[0].id)!;
    expect(first.status).toBe('offered');
    const expires = first.offerExpiresAt!.getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 24 * HOUR - 5_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect(await statusOf(event.id, queue[1].id)).toEqual(['waitlisted']);
    // The cancelled row is kept as history.
    expect(await statusOf(event.id, holders[0].id)).toEqual(['cancelled']);
    const [notice] = await noticesOf(queue[0].id, 'waitlist_offer');
    expect(notice).toMatchObject({ url: `/events/${event.id}` });
    expect(notice.body).toContain('Svara senast');
    // Capacity counts the open offer: the event is still full for newcomers.
    const detail = (await t.anon.get(`/api/events/${event.id}`)).json();
    expect(detail).toMatchObject({ registeredCount: 4, offeredCount: 1, waitlistedCount: 1 });
    const late = await buildPro(t.db);
    const reg = await (await t.as(late)).post(`/api/events/${event.id}/register`, {});
    expect(reg.json().status).toBe('waitlisted');
  });

  it('shows the member the offer and its expiry, and the queue position while waiting', async () => {
    const { event, holders, queue } = await fullOfferEvent(3);
    const asSecond = await t.as(queue[1]);
    expect((await asSecond.get(`/api/events/${event.id}/registration`)).json()).toMatchObject({
      status: 'waitlisted',
      position: 2,
      offerExpiresAt: null,
    });
    await cancelRegistration(t.db, { eventId: event.id, userId: holders[1].id });
    const mine = (await (await t.as(queue[0])).get(`/api/events/${event.id}/registration`)).json();
    expect(mine).toMatchObject({ status: 'offered', position: null });
    expect(Date.parse(mine.offerExpiresAt)).toBeGreaterThan(Date.now());
    expect((await asSecond.get(`/api/events/${event.id}/registration`)).json().position).toBe(1);
    // Not registered is a normal answer (200 null, no failed request in the browser); an unknown event is 404.
    const asStranger = await t.as(await buildPro(t.db));
    const none = await asStranger.get(`/api/events/${event.id}/registration`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const unknown = await asStranger.get(`/api/events/${event.id + 100000}/registration`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(msg.eventNotFound);
    expect((await t.anon.get(`/api/events/${event.id}/registration`)).statusCode).toBe(401);
  });

  it('accepting makes the member registered (promoted notice); accepting again or without an offer is 409', async () => {
    const { event, holders, queue } = await fullOfferEvent(2);
    await cancelRegistration(t.db, { eventId: event.id, userId: holders[2].id });
    const asFirst = await t.as(queue[0]);
    const res = await asFirst.post(`/api/events/${event.id}/offer/accept`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'registered', offerExpiresAt: null });
    expect(await noticesOf(queue[0].id, 'promoted')).toHaveLength(1);
    const again = await asFirst.post(`/api/events/${event.id}/offer/accept`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: msg.noOpenOffer });
    const waiting = await (await t.as(queue[1])).post(`/api/events/${event.id}/offer/accept`, {});
    expect(waiting.statusCode).toBe(409);
    expect((await t.anon.post(`/api/events/${event.id}/offer/accept`, {})).statusCode).toBe(401);
    expect((await asFirst.post('/api/events/999999/offer/accept', {})).statusCode).toBe(404);
  });

  it('declining cancels the offer and offers the place to the next in line', async () => {
    const { event, holders, queue } = await fullOfferEvent(2);
    await cancelRegistration(t.db, { eventId: event.id, userId: holders[3].id });
    const res = await (await t.as(queue[0])).post(`/api/events/${event.id}/offer/decline`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', lateCancellation: false, amountDue: 0 });
    expect(await statusOf(event.id, queue[0].id)).toEqual(['cancelled']);
    expect(await statusOf(event.id, queue[1].id)).toEqual(['offered']);
    const declineAgain = await (await t.as(queue[0])).post(`/api/events/${event.id}/offer/decline`, {});
    expect(declineAgain.statusCode).toBe(409);
  });

  it('an expired offer passes to the next in line (job, controllable clock) and cannot be accepted', async () => {
    const { event, holders, queue } = await fullOfferEvent(2, { waitlistOfferHours: 2 });
    const t0 = new Date();
    await cancelRegistration(t.db, { eventId: event.id, userId: holders[0].id, now: t0 });
    // An hour later nothing has expired.
    expect(await expireOffers(t.db, new Date(t0.getTime() + HOUR))).toMatchObject({ expired: 0 });
    const later = new Date(t0.getTime() + 2 * HOUR + 1000);
    await expect(acceptOffer(t.db, { eventId: event.id, userId: queue[0].id, now: later })).rejects.toThrow(
      msg.noOpenOffer,
    );
    const swept = await expireOffers(t.db, later);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(event.id, queue[0].id)).toEqual(['cancelled']);
    const next = (await regsOf(event.id)).find((r) => r.userId === queue[1].id)!;
    expect(next.status).toBe('offered');
    expect(next.offerExpiresAt!.getTime()).toBe(later.getTime() + 2 * HOUR);
    expect(await noticesOf(queue[0].id, 'offer_expired')).toHaveLength(1);
    // The member whose offer expired may join the queue again, at the back.
    const again = await (await t.as(queue[0])).post(`/api/events/${event.id}/register`, {});
    expect(again.statusCode).toBe(201);
    expect(again.json().status).toBe('waitlisted');
    expect(await statusOf(event.id, queue[0].id)).toEqual(['cancelled', 'waitlisted']);
  });

  it('offers never outlast the registration deadline, and none are made after it or once started', async () => {
    const start = Date.now() + 5 * DAY;
    const deadline = new Date(Date.now() + 3 * HOUR);
    const { event, holders, queue } = await fullOfferEvent(2, {
      startTime: new Date(start),
      endTime: new Date(start + 5 * HOUR),
      registrationDeadline: deadline,
      waitlistOfferHours: 24,
    });
    await cancelRegistration(t.db, { eventId: event.id, userId: holders[0].id });
    const offered = (await regsOf(event.id)).find((r) => r.userId === queue[0].id)!;
    expect(offered.offerExpiresAt!.getTime()).toBe(deadline.getTime());
    // After the deadline the offer expires and the place is not offered again.
    const after = new Date(deadline.getTime() + 60_000);
    await expireOffers(t.db, after);
    expect(await statusOf(event.id, queue[1].id)).toEqual(['waitlisted']);
    // A cancellation after the deadline offers nothing either.
    await cancelRegistration(t.db, { eventId: event.id, userId: holders[1].id, now: after });
    expect(await statusOf(event.id, queue[1].id)).toEqual(['waitlisted']);
  });

  it('two places opening at once make two offers, in queue order', async () => {
    const { event, holders, queue } = await fullOfferEvent(3);
    await Promise.all([
      (await t.as(holders[0])).delete(`/api/events/${event.id}/register`),
      (await t.as(holders[1])).delete(`/api/events/${event.id}/register`),
    ]);
    const rows = await regsOf(event.id);
    const byUser = (u: UserRow) => rows.find((r) => r.userId === u.id && r.status !== 'cancelled')!.status;
    expect([byUser(queue[0]), byUser(queue[1]), byUser(queue[2])]).toEqual([
      'offered',
      'offered',
      'waitlisted',
    ]);
  });

  it('an accept racing the expiry has one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const { event, holders, queue } = await fullOfferEvent(2, { waitlistOfferHours: 1 });
      const t0 = new Date();
      await cancelRegistration(t.db, { eventId: event.id, userId: holders[0].id, now: t0 });
      const expiry = (await regsOf(event.id)).find((r) => r.userId === queue[0].id)!.offerExpiresAt!;
      // The accept comes a moment before the expiry, the sweep a moment after: whichever runs first wins.
      const [accepted, swept] = await Promise.allSettled([
        acceptOffer(t.db, { eventId: event.id, userId: queue[0].id, now: new Date(expiry.getTime() - 1) }),
        expireOffers(t.db, new Date(expiry.getTime() + 1)),
      ]);
      const first = await statusOf(event.id, queue[0].id);
      const second = await statusOf(event.id, queue[1].id);
      if (accepted.status === 'fulfilled') {
        expect(first).toEqual(['registered']);
        expect(second).toEqual(['waitlisted']);
        expect(swept.status === 'fulfilled' && swept.value.expired).toBe(0);
      } else {
        expect(first).toEqual(['cancelled']);
        expect(second).toEqual(['offered']);
      }
      const taken = (await regsOf(event.id)).filter(
        (r) => r.status === 'registered' || r.status === 'offered',
      );
      expect(taken).toHaveLength(4);
    }
  });

  it('in auto mode (the default) the first in line moves up at once, as before', async () => {
    const { event, holders, queue } = await fullOfferEvent(1, { waitlistMode: 'auto' });
    await cancelRegistration(t.db, { eventId: event.id, userId: holders[0].id });
    expect(await statusOf(event.id, queue[0].id)).toEqual(['registered']);
    expect(await noticesOf(queue[0].id, 'promoted')).toHaveLength(1);
  });
});
