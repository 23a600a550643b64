import type { UpcomingEvent } from '@common/schemas/upcoming-events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballGroups, eventRegistrations, events } from '../db/schema';
import { buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** GET /api/me/upcoming-events: the start page's 'Dina kommande evenemang' (issue 27). */
describe('GET /api/me/upcoming-events', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor', async () => {
    const res = await t.anon.get('/api/me/upcoming-events');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('lists the own coming places by start: status, reservlista number, offer, what is left to pay', async () => {
    const me = await buildPro(t.db);
    const other = await buildPro(t.db);
    const soon = Date.now() + 3 * DAY;
    const registered = await buildEvent(t.db, {
      startTime: new Date(soon),
      endTime: new Date(soon + 5 * HOUR),
      price: 445,
      registrationFee: 445,
    });
    const waitlisted = await buildEvent(t.db, {
      startTime: new Date(soon + DAY),
      endTime: new Date(soon + DAY + HOUR),
    });
    const offered = await buildEvent(t.db, {
      startTime: new Date(soon + 2 * DAY),
      endTime: new Date(soon + 2 * DAY + HOUR),
    });
    const paid = await buildEvent(t.db, {
      startTime: new Date(soon + 3 * DAY),
      endTime: new Date(soon + 3 * DAY + HOUR),
    });
    const base = Date.now() - DAY;
    await buildRegistration(t.db, { eventId: registered.id, userId: me.id });
    // Two members before me on the reservlista (and one registered, who does not count).
    await buildRegistration(t.db, {
      eventId: waitlisted.id,
      userId: other.id,
      status: 'waitlisted',
      registeredAt: new Date(base),
    });
    const third = await buildPro(t.db);
    await buildRegistration(t.db, {
      eventId: waitlisted.id,
      userId: third.id,
      status: 'waitlisted',
      registeredAt: new Date(base + 1000),
    });
    await buildRegistration(t.db, {
      eventId: waitlisted.id,
      userId: me.id,
      status: 'waitlisted',
      registeredAt: new Date(base + 2000),
    });
    const expires = new Date(Date.now() + 20 * HOUR);
    await buildRegistration(t.db, {
      eventId: offered.id,
      userId: me.id,
      status: 'offered',
      offerExpiresAt: expires,
    });
    await buildRegistration(t.db, {
      eventId: paid.id,
      userId: me.id,
      paymentStatus: 'paid',
      amountPaid: 300,
    });

    const res = await (await t.as(me)).get('/api/me/upcoming-events');
    expect(res.statusCode).toBe(200);
    const items: UpcomingEvent[] = res.json();
    expect(items.map((i) => i.event.id)).toEqual([registered.id, waitlisted.id, offered.id, paid.id]);
    expect(items[0]).toMatchObject({
      status: 'registered',
      position: null,
      paymentStatus: 'pending',
      amountToPay: 445,
      offerExpiresAt: null,
      group: null,
    });
    expect(items[0].event).toMatchObject({
      title: registered.title,
      location: 'Bro Hof Slott GK',
      price: 445,
    });
    expect(items[1]).toMatchObject({ status: 'waitlisted', position: 3, amountToPay: 0 });
    expect(items[2]).toMatchObject({
      status: 'offered',
      offerExpiresAt: expires.toISOString(),
      amountToPay: 300,
    });
    expect(items[3]).toMatchObject({ status: 'registered', paymentStatus: 'paid', amountToPay: 0 });
  });

  it('leaves out ended, cancelled and completed events, cancelled places and other members', async () => {
    const me = await buildPro(t.db);
    const other = await buildPro(t.db);
    const ended = await buildEvent(t.db, {
      startTime: new Date(Date.now() - 2 * DAY),
      endTime: new Date(Date.now() - DAY),
    });
    const called = await buildEvent(t.db, { status: 'cancelled' });
    const done = await buildEvent(t.db, { status: 'completed' });
    const left = await buildEvent(t.db);
    const ongoing = await buildEvent(t.db, {
      startTime: new Date(Date.now() - HOUR),
      endTime: new Date(Date.now() + HOUR),
      status: 'ongoing',
    });
    const othersOnly = await buildEvent(t.db);
    for (const e of [ended, called, done, ongoing])
      await buildRegistration(t.db, { eventId: e.id, userId: me.id });
    await buildRegistration(t.db, {
      eventId: left.id,
      userId: me.id,
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    await buildRegistration(t.db, { eventId: othersOnly.id, userId: other.id });

    const items: UpcomingEvent[] = (await (await t.as(me)).get('/api/me/upcoming-events')).json();
    expect(items.map((i) => i.event.id)).toEqual([ongoing.id]);
  });

  it('shows the ball group and tee time only once the groups are published', async () => {
    const me = await buildPro(t.db);
    const event = await buildEvent(t.db);
    const teeTime = new Date(event.startTime.getTime() + 30 * 60 * 1000);
    const [group] = await t.db
      .insert(ballGroups)
      .values({ eventId: event.id, name: 'Boll 2', teeTime, startingHole: 10 })
      .returning();
    await t.db.insert(eventRegistrations).values({ eventId: event.id, userId: me.id, groupId: group.id });
    const asMe = await t.as(me);

    const before: UpcomingEvent[] = (await asMe.get('/api/me/upcoming-events')).json();
    expect(before[0].group).toBeNull();

    await t.db.update(events).set({ ballGroupsPublishedAt: new Date() }).where(eq(events.id, event.id));
    const after: UpcomingEvent[] = (await asMe.get('/api/me/upcoming-events')).json();
    expect(after[0].group).toEqual({
      name: 'Boll 2',
      teeTime: teeTime.toISOString(),
      teeTimeLocal: expect.stringMatching(/^\d\d:\d\d$/),
      startingHole: 10,
    });
  });
});
