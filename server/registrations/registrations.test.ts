import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { eventNotifications } from '../db/schema';
import { buildEvent, buildPro, buildRegistration, buildUser } from '../test/factories';
import { itOnPostgres } from '../test/postgres-only';
import type { TestClient, TestContext } from '../test/test-app';
import { createRegistrationsContext, HOUR, registrationsOf } from './registrations.test-helpers';

/** Registering for an event: who may, until when, the waitlist when full, and simultaneous requests. */
describe('registrations', () => {
  let t: TestContext;
  let pro: UserRow;
  let asAdmin: TestClient;
  let asPro: TestClient;
  let asFree: TestClient;
  const regsOf = (eventId: number) => registrationsOf(t, eventId);

  beforeAll(async () => {
    ({ t, pro, asAdmin, asPro, asFree } = await createRegistrationsContext());
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
        ['cancelled', 'Evenemanget är inställt'],
        ['completed', 'Evenemanget är avslutat'],
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
});
