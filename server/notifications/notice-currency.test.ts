import type { Notification } from '@common/schemas/notifications';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { eventRegistrations } from '../db/schema';
import { buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const DAY = 24 * 60 * 60 * 1000;

/** Issue 27: a notice whose state has ended (left the reservlista, an offer answered or past) says so. */
describe('GET /api/notifications: notices no longer current', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  /** A full four-place event in offer mode; its first holder is logged in to free a place. */
  async function fullOfferEvent() {
    const event = await buildEvent(t.db, {
      maxParticipants: 4,
      waitlistMode: 'offer',
      waitlistOfferHours: 24,
    });
    const holders: UserRow[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await buildPro(t.db);
      holders.push(u);
      await buildRegistration(t.db, {
        eventId: event.id,
        userId: u.id,
        registeredAt: new Date(Date.now() - DAY + i),
      });
    }
    return { event, holders };
  }

  const noticesOf = async (client: TestClient) => {
    const res = await client.get('/api/notifications');
    expect(res.statusCode).toBe(200);
    return (res.json().items as Notification[]).reduce<Record<string, boolean>>(
      (by, n) => Object.assign(by, { [n.type]: n.current !== false }),
      {},
    );
  };

  it('marks the reservlista notice once the place is offered, and the offer once it is accepted', async () => {
    const { event, holders } = await fullOfferEvent();
    const me = await buildPro(t.db);
    const asMe = await t.as(me);
    expect((await asMe.post(`/api/events/${event.id}/register`, {})).json().status).toBe('waitlisted');
    expect(await noticesOf(asMe)).toEqual({ waitlisted: true });

    await (await t.as(holders[0])).delete(`/api/events/${event.id}/register`);
    expect(await noticesOf(asMe)).toEqual({ waitlisted: false, waitlist_offer: true });

    expect((await asMe.post(`/api/events/${event.id}/offer/accept`, {})).statusCode).toBe(200);
    const after = await noticesOf(asMe);
    expect(after).toMatchObject({ waitlisted: false, waitlist_offer: false });
    // A confirmation is news of a fact, not of a state: always current.
    for (const [type, current] of Object.entries(after)) {
      if (type !== 'waitlisted' && type !== 'waitlist_offer') expect(current, type).toBe(true);
    }
  });

  it('marks an offer whose time has passed before the sweep has run, and a reservlista place left', async () => {
    const { event, holders } = await fullOfferEvent();
    const me = await buildPro(t.db);
    const other = await buildPro(t.db);
    const asMe = await t.as(me);
    const asOther = await t.as(other);
    await asMe.post(`/api/events/${event.id}/register`, {});
    await asOther.post(`/api/events/${event.id}/register`, {});
    await (await t.as(holders[1])).delete(`/api/events/${event.id}/register`);
    expect((await noticesOf(asMe)).waitlist_offer).toBe(true);
    await t.db
      .update(eventRegistrations)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.userId, me.id)));
    expect((await noticesOf(asMe)).waitlist_offer).toBe(false);

    // The other member leaves the reservlista, then joins again: the old notice has ended, the new is current.
    expect((await noticesOf(asOther)).waitlisted).toBe(true);
    expect((await asOther.delete(`/api/events/${event.id}/register`)).statusCode).toBe(200);
    expect((await noticesOf(asOther)).waitlisted).toBe(false);
    await asOther.post(`/api/events/${event.id}/register`, {});
    const items = (await asOther.get('/api/notifications')).json().items as Notification[];
    expect(items.filter((n) => n.type === 'waitlisted').map((n) => n.current)).toEqual([undefined, false]);
  });

  it("never reads another member's registrations to decide", async () => {
    const { event } = await fullOfferEvent();
    const me = await buildPro(t.db);
    const asMe = await t.as(me);
    await asMe.post(`/api/events/${event.id}/register`, {});
    expect((await noticesOf(asMe)).waitlisted).toBe(true);
    // Someone else on the same reservlista changes nothing of mine.
    const other = await buildPro(t.db);
    await (await t.as(other)).post(`/api/events/${event.id}/register`, {});
    await (await t.as(other)).delete(`/api/events/${event.id}/register`);
    expect((await noticesOf(asMe)).waitlisted).toBe(true);
  });
});
