import { msg } from '@common/messages';
import type { BallGroup } from '@common/schemas/ball-groups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

/** The organiser's confirmations (issue 27): who publishing groups or an announcement would notify. */
describe('notice previews before publishing groups and sending an announcement', () => {
  let t: TestContext;
  let admin: TestClient;
  let member: TestClient;
  let eventId: number;
  const names = ['Örjan Ek', 'Anna Berg', 'Bo Dahl', 'Cissi Ahl', 'Dan Ny'];

  const noticeCount = async () => (await t.db.select({ id: notifications.id }).from(notifications)).length;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.as(await buildAdmin(t.db));
    eventId = (await buildEvent(t.db, { title: 'Vårrundan', maxParticipants: 8 })).id;
    const userIds: string[] = [];
    for (const full of names) {
      const [firstName, lastName] = full.split(' ');
      const u = await buildUser(t.db, { firstName, lastName });
      userIds.push(u.id);
      await buildRegistration(t.db, {
        eventId,
        userId: u.id,
        paymentStatus: full === 'Bo Dahl' ? 'paid' : 'pending',
      });
    }
    member = await t.as({ id: userIds[0] });
    const w = await buildUser(t.db, { firstName: 'Vera', lastName: 'Väntar' });
    await buildRegistration(t.db, { eventId, userId: w.id, status: 'waitlisted' });
    // A cancelled registration reaches no one.
    const gone = await buildUser(t.db, { firstName: 'Gustav', lastName: 'Gick' });
    await buildRegistration(t.db, { eventId, userId: gone.id, status: 'cancelled', cancelledAt: new Date() });
  });
  afterAll(() => t.close());

  describe('GET /api/admin/events/{id}/announcements/preview', () => {
    const url = (audience: string, id = eventId) =>
      `/api/admin/events/${id}/announcements/preview?audience=${audience}`;

    it('answers 401, 403, 400 with the message, and 404', async () => {
      expect((await t.anon.get(url('all'))).statusCode).toBe(401);
      expect((await member.get(url('all'))).statusCode).toBe(403);
      const bad = await admin.get(url('everyone'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Välj vilka som ska få meddelandet');
      expect((await admin.get(url('all', 999999))).statusCode).toBe(404);
    });

    it('counts and names the audience in name order, and sends nothing', async () => {
      const before = await noticeCount();
      const registered = await admin.get(url('registered'));
      expect(registered.statusCode).toBe(200);
      expect(registered.json()).toEqual({
        count: 5,
        names: ['Anna Berg', 'Bo Dahl', 'Cissi Ahl', 'Dan Ny', 'Örjan Ek'],
      });
      expect((await admin.get(url('all'))).json().count).toBe(6);
      expect((await admin.get(url('waitlisted'))).json()).toEqual({ count: 1, names: ['Vera Väntar'] });
      expect((await admin.get(url('unpaid'))).json().count).toBe(4);
      expect(await noticeCount()).toBe(before);
    });

    it('says the same number as sending then reaches', async () => {
      const preview = (await admin.get(url('unpaid'))).json();
      const sent = await admin.post(`/api/admin/events/${eventId}/announcements`, {
        audience: 'unpaid',
        subject: 'Betalning',
        body: 'Glöm inte att betala.',
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json().recipients).toBe(preview.count);
      const [notice] = await t.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(eq(notifications.type, 'event_announcement'));
      expect(notice.title).toBe('Vårrundan: Betalning');
    });
  });

  describe('GET /api/events/{id}/groups/publish-preview', () => {
    const url = (id = eventId) => `/api/events/${id}/groups/publish-preview`;

    it('answers 401, 403, 404, and 400 with the message when there are no groups', async () => {
      expect((await t.anon.get(url())).statusCode).toBe(401);
      expect((await member.get(url())).statusCode).toBe(403);
      expect((await admin.get(url(999999))).statusCode).toBe(404);
      const none = await admin.get(url());
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(msg.groupsNoneToPublish);
    });

    it('names who would be told, and after publishing only those whose group changed', async () => {
      const generated = await admin.post(`/api/events/${eventId}/groups`, {});
      expect(generated.statusCode).toBe(201);
      const groups = generated.json().groups as BallGroup[];
      const before = await noticeCount();
      const first = (await admin.get(url())).json();
      expect(first.count).toBe(5);
      expect(first.unchanged).toBe(0);
      expect(first.names).toEqual(['Anna Berg', 'Bo Dahl', 'Cissi Ahl', 'Dan Ny', 'Örjan Ek']);
      expect(first.example).toEqual({
        title: 'Bollgrupper: Vårrundan',
        body: expect.stringMatching(/^Du spelar i /),
      });
      expect(await noticeCount()).toBe(before);

      const published = await admin.post(`/api/events/${eventId}/groups/publish`, {});
      expect(published.json().notified).toBe(first.count);
      const again = (await admin.get(url())).json();
      expect(again).toEqual({ count: 0, names: [], unchanged: 5, example: null });

      // A new tee time for one group: its members, and only they, would hear of it.
      const group = groups[0];
      await admin.patch(`/api/events/${eventId}/groups/${group.id}/tee-time`, {
        teeTime: new Date(Date.now() + 10 * 24 * 3600_000).toISOString(),
      });
      const changed = (await admin.get(url())).json();
      expect(changed.count).toBe(group.members.length);
      expect(changed.unchanged).toBe(5 - group.members.length);
      expect(changed.names).toEqual(
        group.members.map((m) => m.name).sort((a, b) => a.localeCompare(b, 'sv')),
      );
      expect((await admin.post(`/api/events/${eventId}/groups/publish`, {})).json().notified).toBe(
        changed.count,
      );
    });
  });
});
