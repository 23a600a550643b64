import { msg } from '@common/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { eventNotifications } from '../db/schema';
import { lockEvent } from '../events/events.queries';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import type { TestClient, TestContext } from '../test/test-app';
import { promoteFromWaitlist } from './offers.service';
import { createRegistrationsContext, HOUR, registrationsOf } from './registrations.test-helpers';

/** Cancelling a registration, and moving members up from the waitlist into the free places. */
describe('registrations', () => {
  let t: TestContext;
  let pro: UserRow;
  let asPro: TestClient;
  const regsOf = (eventId: number) => registrationsOf(t, eventId);

  beforeAll(async () => {
    ({ t, pro, asPro } = await createRegistrationsContext());
  });
  afterAll(() => t.close());

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
});
