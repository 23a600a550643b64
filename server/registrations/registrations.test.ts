import { msg } from '@common/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNotifications, eventRegistrations } from '../db/schema';
import { lockEvent } from '../events/events.queries';
import type { UserRow } from '../members/members.presenter';
import { buildAdmin, buildEvent, buildPro, buildRegistration, buildUser } from '../test/factories';
import { itOnPostgres } from '../test/postgres-only';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { promoteFromWaitlist } from './offers.service';

const HOUR = 60 * 60 * 1000;

describe('registrations', () => {
  let t: TestContext;
  let admin: UserRow;
  let pro: UserRow;
  let free: UserRow;
  let asAdmin: TestClient;
  let asPro: TestClient;
  let asFree: TestClient;
  const regsOf = (eventId: number) =>
    t.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, eventId))
      .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id));

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    pro = await buildPro(t.db, { golfId: '800101-001', handicap: 12.4 });
    free = await buildUser(t.db);
    asAdmin = await t.as(admin);
    asPro = await t.as(pro);
    asFree = await t.as(free);
  });
  afterAll(() => t.close());

  describe('POST /api/events/{id}/register', () => {
    it('answers 401 to a visitor', async () => {
      const e = await buildEvent(t.db);
      const res = await t.anon.post(`/api/events/${e.id}/register`, {});
      expect(res.statusCode).toBe(401);
      expect(await regsOf(e.id)).toHaveLength(0);
    });

    it('answers 403 with requiresUpgrade to a free member', async () => {
      const e = await buildEvent(t.db);
      const res = await asFree.post(`/api/events/${e.id}/register`, {
        dietaryPreferences: 'Vegan',
        dietaryConsent: true,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ requiresUpgrade: true, message: msg.requiresUpgrade });
      expect(await regsOf(e.id)).toHaveLength(0);
    });

    it('treats a cancelled subscription past its period as free', async () => {
      const lapsed = await buildUser(t.db, {
        membershipType: 'pro',
        stripeSubscriptionId: 'sub_x',
        subscriptionStatus: 'cancel_at_period_end',
        subscriptionPeriodEnd: new Date(Date.now() - HOUR),
      });
      const e = await buildEvent(t.db);
      const res = await (await t.as(lapsed)).post(`/api/events/${e.id}/register`, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().requiresUpgrade).toBe(true);
    });

    it('refuses after the deadline and after the end, in Swedish', async () => {
      const late = await buildEvent(t.db, { registrationDeadline: new Date(Date.now() - HOUR) });
      const r1 = await asPro.post(`/api/events/${late.id}/register`, {});
      expect(r1.statusCode).toBe(400);
      expect(r1.json().message).toBe(msg.registrationDeadlinePassed);
      const ended = await buildEvent(t.db, {
        startTime: new Date(Date.now() - 5 * HOUR),
        endTime: new Date(Date.now() - HOUR),
      });
      const r2 = await asPro.post(`/api/events/${ended.id}/register`, {});
      expect(r2.statusCode).toBe(400);
      expect(r2.json().message).toBe(msg.eventAlreadyEnded);
      expect(await regsOf(late.id)).toHaveLength(0);
      expect(await regsOf(ended.id)).toHaveLength(0);
    });

    it('refuses a cancelled or completed event in Swedish, and says so on the event', async () => {
      for (const [status, message] of [
        ['cancelled', 'Eventet är inställt'],
        ['completed', 'Eventet är avslutat'],
      ] as const) {
        const e = await buildEvent(t.db, { status });
        const res = await asPro.post(`/api/events/${e.id}/register`, {});
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
        expect((await asAdmin.post(`/api/events/${e.id}/register`, {})).json()).toEqual({ message });
        expect(await regsOf(e.id)).toHaveLength(0);
        const detail = (await asPro.get(`/api/events/${e.id}`)).json();
        expect(detail.registrationOpen).toBe(false);
        expect(detail.abilities.canRegister).toBe(false);
      }
      // The same event open again takes registrations.
      const reopened = await buildEvent(t.db, { status: 'upcoming' });
      expect((await asPro.post(`/api/events/${reopened.id}/register`, {})).statusCode).toBe(201);
    });

    it('answers 404 for an unknown event and 400 for bad input', async () => {
      expect((await asPro.post('/api/events/999999/register', {})).statusCode).toBe(404);
      const e = await buildEvent(t.db);
      const res = await asPro.post(`/api/events/${e.id}/register`, { dietaryPreferences: 'x'.repeat(1001) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Kostpreferenser får vara högst 1000 tecken');
      expect(await regsOf(e.id)).toHaveLength(0);
    });

    it('registers a Pro member with preferences and refuses a second registration', async () => {
      const e = await buildEvent(t.db);
      const res = await asPro.post(`/api/events/${e.id}/register`, {
        dietaryPreferences: ' Glutenfri ',
        dietaryConsent: true,
        notes: 'Vill åka samma buss',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'registered',
        dietaryPreferences: 'Glutenfri',
        golfId: '800101-001',
      });
      const again = await asPro.post(`/api/events/${e.id}/register`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(msg.alreadyRegistered);
      const rows = await regsOf(e.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: pro.id, handicap: 12.4, notes: 'Vill åka samma buss' });
    });

    it('lets an admin register without a subscription, with no body at all', async () => {
      const e = await buildEvent(t.db);
      const res = await asAdmin.post(`/api/events/${e.id}/register`);
      expect(res.json()).toMatchObject({ status: 'registered' });
      expect(res.statusCode).toBe(201);
    });

    // Simultaneous requests overlap only on PostgreSQL; PGlite runs one transaction at a time.
    itOnPostgres(
      'serializes 40 simultaneous registrations for 16 places: 16 registered, 24 waitlisted in order',
      async () => {
        const e = await buildEvent(t.db, { maxParticipants: 16 });
        const clients = await Promise.all(Array.from({ length: 40 }, async () => t.as(await buildPro(t.db))));
        const results = await Promise.all(clients.map((c) => c.post(`/api/events/${e.id}/register`, {})));
        expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
        const rows = await regsOf(e.id);
        expect(rows.filter((r) => r.status === 'registered')).toHaveLength(16);
        expect(rows.filter((r) => r.status === 'waitlisted')).toHaveLength(24);
        // In arrival order: every registered place was taken before every waitlisted one.
        expect(rows.slice(0, 16).every((r) => r.status === 'registered')).toBe(true);
        const byId = [...rows].sort((a, b) => a.id - b.id);
        expect(byId.map((r) => r.status)).toEqual(rows.map((r) => r.status));
      },
      60_000,
    );

    itOnPostgres(
      'keeps exactly the maximum registered while members cancel and others register at the same time',
      async () => {
        const e = await buildEvent(t.db, { maxParticipants: 8 });
        const holders = await Promise.all(Array.from({ length: 8 }, () => buildPro(t.db)));
        for (const h of holders) await buildRegistration(t.db, { eventId: e.id, userId: h.id });
        const waiting = [];
        for (let i = 0; i < 6; i++) {
          const w = await buildPro(t.db);
          await buildRegistration(t.db, {
            eventId: e.id,
            userId: w.id,
            status: 'waitlisted',
            registeredAt: new Date(Date.now() - (10 - i) * 60_000),
          });
          waiting.push(w);
        }
        const leavers = await Promise.all(holders.slice(0, 4).map((h) => t.as(h)));
        const newcomers = await Promise.all(
          Array.from({ length: 6 }, async () => t.as(await buildPro(t.db))),
        );
        const answers = await Promise.all([
          ...leavers.map((c) => c.delete(`/api/events/${e.id}/register`)),
          ...newcomers.map((c) => c.post(`/api/events/${e.id}/register`, {})),
        ]);
        expect(answers.map((r) => r.statusCode)).toEqual([...Array(4).fill(200), ...Array(6).fill(201)]);
        expect(answers.slice(0, 4).reduce((n, r) => n + r.json().promotedCount, 0)).toBe(4);
        const rows = await regsOf(e.id);
        const registered = rows.filter((r) => r.status === 'registered').map((r) => r.userId);
        expect(registered).toHaveLength(8);
        // The four earliest on the waitlist moved up, whoever else arrived meanwhile.
        expect(registered).toEqual(expect.arrayContaining(waiting.slice(0, 4).map((w) => w.id)));
        expect(rows.filter((r) => r.status === 'waitlisted')).toHaveLength(8);
      },
      60_000,
    );

    it('cancelling a registered place promotes the earliest waitlisted, with a notice', async () => {
      const e = await buildEvent(t.db, { maxParticipants: 4 });
      const holders = [];
      for (let i = 0; i < 4; i++) {
        const h = await buildPro(t.db);
        await buildRegistration(t.db, { eventId: e.id, userId: h.id });
        holders.push(h);
      }
      const first = await buildPro(t.db);
      const second = await buildPro(t.db);
      await buildRegistration(t.db, {
        eventId: e.id,
        userId: second.id,
        status: 'waitlisted',
        registeredAt: new Date(Date.now() - 60_000),
      });
      await buildRegistration(t.db, {
        eventId: e.id,
        userId: first.id,
        status: 'waitlisted',
        registeredAt: new Date(Date.now() - 120_000),
      });
      const cancel = await (await t.as(holders[1])).delete(`/api/events/${e.id}/register`);
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json()).toEqual({
        message: 'Din anmälan är avbokad',
        promotedCount: 1,
        lateCancellation: false,
        amountDue: 0,
      });
      const rows = await regsOf(e.id);
      expect(rows.filter((r) => r.status === 'registered').map((r) => r.userId)).toHaveLength(4);
      expect(rows.find((r) => r.userId === first.id)!.status).toBe('registered');
      expect(rows.find((r) => r.userId === second.id)!.status).toBe('waitlisted');
      const notes = await t.db.select().from(eventNotifications).where(eq(eventNotifications.eventId, e.id));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        userId: first.id,
        type: 'waitlist_promoted',
        content: `${msg.promotedFromWaitlist} ${e.title}.`,
      });
    });

    it('puts the fifth member of a four-place event on the waitlist', async () => {
      const e = await buildEvent(t.db, { maxParticipants: 4 });
      for (let i = 0; i < 4; i++)
        await buildRegistration(t.db, { eventId: e.id, userId: (await buildUser(t.db)).id });
      const res = await asPro.post(`/api/events/${e.id}/register`, {});
      expect(res.json().status).toBe('waitlisted');
    });
  });

  describe('DELETE /api/events/{id}/register', () => {
    it('answers 401, 404 when not registered, and refuses after the end', async () => {
      const e = await buildEvent(t.db);
      expect((await t.anon.delete(`/api/events/${e.id}/register`)).statusCode).toBe(401);
      const res = await asPro.delete(`/api/events/${e.id}/register`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(msg.notRegistered);
      const ended = await buildEvent(t.db, {
        startTime: new Date(Date.now() - 5 * HOUR),
        endTime: new Date(Date.now() - HOUR),
      });
      await buildRegistration(t.db, { eventId: ended.id, userId: pro.id });
      const late = await asPro.delete(`/api/events/${ended.id}/register`);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(msg.eventAlreadyEnded);
      expect(await regsOf(ended.id)).toHaveLength(1);
    });

    it('cancelling a waitlisted place promotes nobody', async () => {
      const e = await buildEvent(t.db, { maxParticipants: 4 });
      for (let i = 0; i < 4; i++)
        await buildRegistration(t.db, { eventId: e.id, userId: (await buildUser(t.db)).id });
      await buildRegistration(t.db, { eventId: e.id, userId: pro.id, status: 'waitlisted' });
      const other = await buildUser(t.db);
      await buildRegistration(t.db, { eventId: e.id, userId: other.id, status: 'waitlisted' });
      const res = await asPro.delete(`/api/events/${e.id}/register`);
      expect(res.json().promotedCount).toBe(0);
      const rows = await regsOf(e.id);
      expect(rows.find((r) => r.userId === other.id)!.status).toBe('waitlisted');
    });
  });

  describe('promoteFromWaitlist', () => {
    it('fills the free places of the locked event in arrival order and returns the notices it inserted', async () => {
      const e = await buildEvent(t.db, { maxParticipants: 8 });
      for (let i = 0; i < 5; i++)
        await buildRegistration(t.db, { eventId: e.id, userId: (await buildUser(t.db)).id });
      const waiting = [];
      for (let i = 0; i < 4; i++) {
        const w = await buildUser(t.db);
        await buildRegistration(t.db, {
          eventId: e.id,
          userId: w.id,
          status: 'waitlisted',
          registeredAt: new Date(Date.now() - (10 - i) * 60_000),
        });
        waiting.push(w);
      }
      const promote = () =>
        t.db.transaction(async (tx) => {
          const locked = await lockEvent(tx, e.id);
          return promoteFromWaitlist(tx, locked!);
        });
      const { promoted, notices } = await promote();
      // 8 places, 5 taken: the three earliest of the four waiting move up.
      expect(promoted.map((r) => r.userId)).toEqual(waiting.slice(0, 3).map((w) => w.id));
      expect(promoted.every((r) => r.status === 'registered')).toBe(true);
      const stored = await t.db
        .select()
        .from(eventNotifications)
        .where(eq(eventNotifications.eventId, e.id))
        .orderBy(asc(eventNotifications.id));
      expect(notices).toEqual(stored);
      expect(notices.map((n) => n.userId)).toEqual(waiting.slice(0, 3).map((w) => w.id));
      expect(notices[0]).toMatchObject({ type: 'waitlist_promoted', read: false });
      // Full now: nothing more to promote, nothing inserted.
      expect(await promote()).toEqual({ promoted: [], offered: [], notices: [] });
      expect((await regsOf(e.id)).filter((r) => r.status === 'waitlisted').map((r) => r.userId)).toEqual([
        waiting[3].id,
      ]);
    });
  });

  describe('GET /api/events/{id}/registrations', () => {
    it('shows dietary preferences and notes only to admins and the member', async () => {
      const e = await buildEvent(t.db);
      const other = await buildPro(t.db);
      await buildRegistration(t.db, {
        eventId: e.id,
        userId: pro.id,
        dietaryPreferences: 'Laktosfri',
        notes: 'A',
      });
      await buildRegistration(t.db, {
        eventId: e.id,
        userId: other.id,
        dietaryPreferences: 'Vegan',
        notes: 'B',
      });
      const url = `/api/events/${e.id}/registrations`;

      const asAdminList = (await asAdmin.get(url)).json();
      expect(asAdminList.map((r: { dietaryPreferences: string }) => r.dietaryPreferences)).toEqual([
        'Laktosfri',
        'Vegan',
      ]);
      const asProList = (await asPro.get(url)).json();
      expect(asProList[0]).toMatchObject({ userId: pro.id, dietaryPreferences: 'Laktosfri', notes: 'A' });
      expect(asProList[1]).toMatchObject({ userId: other.id, dietaryPreferences: null, notes: null });
      expect(asProList[1].user).not.toHaveProperty('email');
      // Visitors see counts only (decisions.md): no list at all.
      expect((await t.anon.get(url)).statusCode).toBe(401);
      expect((await asPro.get('/api/events/999999/registrations')).statusCode).toBe(404);
    });
  });

  describe('PUT /api/registrations/{id}/payment', () => {
    it('is admin only, validates, and sets the status', async () => {
      const e = await buildEvent(t.db);
      const reg = await buildRegistration(t.db, { eventId: e.id, userId: pro.id });
      const url = `/api/registrations/${reg.id}/payment`;
      expect((await t.anon.put(url, { paymentStatus: 'paid' })).statusCode).toBe(401);
      expect((await asPro.put(url, { paymentStatus: 'paid' })).statusCode).toBe(403);
      const bad = await asAdmin.put(url, { paymentStatus: 'free' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Ogiltig betalningsstatus');
      expect((await regsOf(e.id))[0].paymentStatus).toBe('pending');
      expect(
        (await asAdmin.put('/api/registrations/999999/payment', { paymentStatus: 'paid' })).statusCode,
      ).toBe(404);
      const ok = await asAdmin.put(url, { paymentStatus: 'paid' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().paymentStatus).toBe('paid');
      expect((await regsOf(e.id))[0].paymentStatus).toBe('paid');
    });
  });

  describe('GET /api/users/{userId}/registrations', () => {
    it('lists own registrations with their events; others get 403, admins may read', async () => {
      const member = await buildPro(t.db);
      const e = await buildEvent(t.db);
      await buildRegistration(t.db, { eventId: e.id, userId: member.id, groupId: null });
      const url = `/api/users/${member.id}/registrations`;
      expect((await t.anon.get(url)).statusCode).toBe(401);
      expect((await asPro.get(url)).statusCode).toBe(403);
      const own = await (await t.as(member)).get(url);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([
        expect.objectContaining({
          eventId: e.id,
          status: 'registered',
          paymentStatus: 'pending',
          groupId: null,
          event: expect.objectContaining({ id: e.id, title: e.title, registeredCount: 1 }),
        }),
      ]);
      expect((await asAdmin.get(url)).json()).toHaveLength(1);
    });
  });
});
