import { msg } from '@common/messages';
import { formatStockholmDayTime } from '@common/time';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { eventRegistrations, events } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration, eventFormPayload } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { acceptOffer } from './offers.service';
import { cancelRegistration } from './registrations.service';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Registrations keep their history (issue 14): late cancellations, opening times, attendance. */
describe('registration life cycle', () => {
  let t: TestContext;
  let admin: UserRow;
  let asAdmin: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    asAdmin = await t.as(admin);
  });
  afterAll(() => t.close());

  const regsOf = (eventId: number) =>
    t.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, eventId))
      .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id));

  /** A four-place event whose cancellation deadline has passed, with a 500 kr late fee, full, and a queue. */
  async function lateEvent(over: Parameters<typeof buildEvent>[1] = {}) {
    const event = await buildEvent(t.db, {
      maxParticipants: 4,
      cancellationDeadline: new Date(Date.now() - HOUR),
      lateCancellationFee: 500,
      ...over,
    });
    const members: UserRow[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await buildPro(t.db);
      members.push(u);
      await buildRegistration(t.db, {
        eventId: event.id,
        userId: u.id,
        registeredAt: new Date(Date.now() - DAY + i),
      });
    }
    return { event, members };
  }

  describe('cancelling', () => {
    it('keeps the row, records who and when, and lets the member register again at the back', async () => {
      const event = await buildEvent(t.db);
      const member = await buildPro(t.db);
      const as = await t.as(member);
      expect((await as.post(`/api/events/${event.id}/register`, {})).statusCode).toBe(201);
      const cancel = await as.delete(`/api/events/${event.id}/register`);
      expect(cancel.json()).toMatchObject({ lateCancellation: false, amountDue: 0 });
      const [row] = await regsOf(event.id);
      expect(row).toMatchObject({ status: 'cancelled', cancelledBy: member.id, lateCancellation: false });
      expect(row.cancelledAt).toBeInstanceOf(Date);
      // Not counted, not listed, and the member can come back.
      expect((await t.anon.get(`/api/events/${event.id}`)).json().registeredCount).toBe(0);
      expect((await as.get(`/api/events/${event.id}/registrations`)).json()).toHaveLength(0);
      expect((await as.get(`/api/events/${event.id}`)).json().myRegistration).toBeNull();
      const again = await as.post(`/api/events/${event.id}/register`, {});
      expect(again.statusCode).toBe(201);
      expect((await regsOf(event.id)).map((r) => r.status)).toEqual(['cancelled', 'registered']);
      expect((await as.post(`/api/events/${event.id}/register`, {})).statusCode).toBe(409);
      // A second cancel of the same (now cancelled) row is a 404, the history unchanged.
      await as.delete(`/api/events/${event.id}/register`);
      expect((await as.delete(`/api/events/${event.id}/register`)).statusCode).toBe(404);
      expect(await regsOf(event.id)).toHaveLength(2);
    });

    it('after the cancellation deadline costs the late fee, shown to the member', async () => {
      const { event, members } = await lateEvent();
      const as = await t.as(members[0]);
      const res = await as.delete(`/api/events/${event.id}/register`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ lateCancellation: true, amountDue: 500, promotedCount: 0 });
      const mine = (await as.get(`/api/events/${event.id}/registration`)).json();
      expect(mine).toMatchObject({ status: 'cancelled', lateCancellation: true, amountDue: 500 });
      // 'Mina evenemang' keeps showing the amount due.
      const list = (await as.get(`/api/users/${members[0].id}/registrations`)).json();
      expect(list).toEqual([
        expect.objectContaining({ eventId: event.id, status: 'cancelled', amountDue: 500 }),
      ]);
    });

    it('before the deadline, or leaving the waitlist, costs nothing', async () => {
      const { event } = await lateEvent({ cancellationDeadline: new Date(Date.now() + DAY) });
      const early = await buildPro(t.db);
      await buildRegistration(t.db, { eventId: event.id, userId: early.id, status: 'waitlisted' });
      const left = await (await t.as(early)).delete(`/api/events/${event.id}/register`);
      expect(left.json()).toMatchObject({ lateCancellation: false, amountDue: 0 });
      const { event: past } = await lateEvent();
      const waiting = await buildPro(t.db);
      await buildRegistration(t.db, { eventId: past.id, userId: waiting.id, status: 'waitlisted' });
      const leftLate = await (await t.as(waiting)).delete(`/api/events/${past.id}/register`);
      expect(leftLate.json()).toMatchObject({ lateCancellation: false, amountDue: 0 });
    });

    it('the fee is waived when a member from the waitlist takes the place (auto mode)', async () => {
      const { event, members } = await lateEvent();
      const reserve = await buildPro(t.db);
      await buildRegistration(t.db, { eventId: event.id, userId: reserve.id, status: 'waitlisted' });
      const res = await (await t.as(members[1])).delete(`/api/events/${event.id}/register`);
      // Moved up in the same transaction: the fee is waived at once.
      expect(res.json()).toMatchObject({ lateCancellation: true, promotedCount: 1 });
      const row = (await regsOf(event.id)).find((r) => r.userId === members[1].id)!;
      expect(row).toMatchObject({ lateCancellation: true, amountDue: 0 });
    });

    it('in offer mode the fee is waived only when the offer is accepted, the earliest late cancellation first', async () => {
      const { event, members } = await lateEvent({ waitlistMode: 'offer' });
      const reserve = await buildPro(t.db);
      await buildRegistration(t.db, { eventId: event.id, userId: reserve.id, status: 'waitlisted' });
      const t0 = Date.now();
      await cancelRegistration(t.db, { eventId: event.id, userId: members[0].id, now: new Date(t0) });
      await cancelRegistration(t.db, { eventId: event.id, userId: members[1].id, now: new Date(t0 + 1000) });
      const due = async () =>
        (await regsOf(event.id)).filter((r) => r.status === 'cancelled').map((r) => [r.userId, r.amountDue]);
      expect(await due()).toEqual([
        [members[0].id, 500],
        [members[1].id, 500],
      ]);
      await acceptOffer(t.db, { eventId: event.id, userId: reserve.id, now: new Date(t0 + 2000) });
      expect(await due()).toEqual([
        [members[0].id, 0],
        [members[1].id, 500],
      ]);
    });
  });

  describe('registration opening time', () => {
    it('refuses registration before it opens, saying when, and accepts it after', async () => {
      const opens = new Date(Date.now() + 2 * HOUR);
      const event = await buildEvent(t.db, { registrationOpensAt: opens });
      const as = await t.as(await buildPro(t.db));
      const res = await as.post(`/api/events/${event.id}/register`, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: `${msg.registrationNotOpenYet} ${formatStockholmDayTime(opens)}`,
      });
      const detail = (await as.get(`/api/events/${event.id}`)).json();
      expect(detail).toMatchObject({ registrationOpen: false, registrationOpensAt: opens.toISOString() });
      expect(detail.abilities.canRegister).toBe(false);
      await t.db
        .update(events)
        .set({ registrationOpensAt: new Date(Date.now() - 1000) })
        .where(eq(events.id, event.id));
      expect((await as.post(`/api/events/${event.id}/register`, {})).statusCode).toBe(201);
    });
  });

  describe('event fields', () => {
    it('are saved and returned, and validated with Swedish messages', async () => {
      const start = Date.parse(eventFormPayload().startTime);
      const opensAt = new Date(start - 10 * DAY).toISOString();
      const cancelBy = new Date(start - 7 * DAY).toISOString();
      const body = eventFormPayload({
        registrationOpensAt: opensAt,
        waitlistMode: 'offer',
        waitlistOfferHours: 12,
        cancellationDeadline: cancelBy,
        lateCancellationFee: 400,
        payOnline: true,
      });
      const created = await asAdmin.post('/api/events', body);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        waitlistMode: 'offer',
        waitlistOfferHours: 12,
        lateCancellationFee: 400,
        payOnline: true,
        registrationOpensAt: opensAt,
        cancellationDeadline: cancelBy,
      });
      const bad = async (over: Record<string, unknown>, message: string) => {
        const res = await asAdmin.post('/api/events', eventFormPayload(over));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(message);
      };
      await bad({ waitlistOfferHours: 0 }, msg.waitlistOfferHoursRange);
      await bad({ waitlistOfferHours: 169 }, msg.waitlistOfferHoursRange);
      await bad({ waitlistMode: 'lottery' }, 'Ogiltigt läge för reservlistan');
      await bad({ lateCancellationFee: -1 }, 'Avgift vid sen avbokning får inte vara negativ');
      await bad(
        { cancellationDeadline: new Date(start + HOUR).toISOString() },
        msg.cancellationDeadlineBeforeStart,
      );
      await bad({ registrationOpensAt: new Date(start + HOUR).toISOString() }, msg.opensBeforeStart);
      await bad(
        {
          registrationOpensAt: new Date(start - 2 * DAY).toISOString(),
          registrationDeadline: new Date(start - 3 * DAY).toISOString(),
        },
        msg.opensBeforeDeadline,
      );
      await bad({ payOnline: true, registrationFee: 0, greenFee: null, price: 0 }, msg.payOnlineNeedsPrice);
    });
  });

  describe('admin: history and attendance', () => {
    it('lists cancelled registrations only with include=cancelled, for admins', async () => {
      const { event, members } = await lateEvent();
      await cancelRegistration(t.db, { eventId: event.id, userId: members[0].id });
      expect((await asAdmin.get(`/api/events/${event.id}/registrations`)).json()).toHaveLength(3);
      const all = (await asAdmin.get(`/api/events/${event.id}/registrations?include=cancelled`)).json();
      expect(all).toHaveLength(4);
      expect(all.find((r: { userId: string }) => r.userId === members[0].id)).toMatchObject({
        status: 'cancelled',
        lateCancellation: true,
        amountDue: 500,
      });
      const asMember = await t.as(members[1]);
      expect((await asMember.get(`/api/events/${event.id}/registrations?include=cancelled`)).statusCode).toBe(
        403,
      );
      expect((await t.anon.get(`/api/events/${event.id}/registrations?include=cancelled`)).statusCode).toBe(
        401,
      );
      expect((await asAdmin.get(`/api/events/${event.id}/registrations?include=all`)).statusCode).toBe(400);
    });

    it('records attendance of registered members (admin only)', async () => {
      const { event, members } = await lateEvent();
      const [row] = (await regsOf(event.id)).filter((r) => r.userId === members[2].id);
      const put = (as: TestClient, body: unknown) =>
        as.put(`/api/registrations/${row.id}/attendance`, body as object);
      expect((await put(await t.as(members[2]), { attendance: 'present' })).statusCode).toBe(403);
      expect((await put(t.anon, { attendance: 'present' })).statusCode).toBe(401);
      expect((await put(asAdmin, { attendance: 'maybe' })).statusCode).toBe(400);
      const ok = await put(asAdmin, { attendance: 'no_show' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ attendance: 'no_show' });
      expect((await put(asAdmin, { attendance: null })).json()).toMatchObject({ attendance: null });
      const missing = await asAdmin.put('/api/registrations/999999/attendance', { attendance: 'present' });
      expect(missing.statusCode).toBe(404);
      await cancelRegistration(t.db, { eventId: event.id, userId: members[2].id });
      const cancelled = await put(asAdmin, { attendance: 'present' });
      expect(cancelled.statusCode).toBe(400);
      expect(cancelled.json()).toEqual({ message: msg.attendanceNotRegistered });
    });
  });
});
