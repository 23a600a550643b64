import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from '../db/realtime-channel';
import { events, notifications } from '../db/schema';
import { subscribedEvents } from '../domain-events/domain-events';
import { buildAdmin, buildEvent, buildRegistration, buildUser, eventFormPayload } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

/**
 * What reacts to a changed event (issue 31): registrations, notifications and realtime subscribe to the
 * events' domain events inside the changing transaction, so a refusal rolls back every reaction.
 */
describe('reactions to a changed event', () => {
  let t: TestContext;
  let admin: UserRow;
  let asAdmin: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    asAdmin = await t.as(admin);
  });
  afterAll(() => t.close());

  it('has every published event of events, registrations and messages subscribed', () => {
    expect(subscribedEvents()).toEqual(
      expect.arrayContaining([
        'conversation.read',
        'event.cancelled',
        'event.changed',
        'event.published',
        'message.sent',
        'offer.expired',
        'offer.made',
        'registration.created',
        'registration.paid',
        'sender.flagged',
        'waitlist.promoted',
      ]),
    );
  });

  it('rolls back the cancellation notices when registrations refuse the new capacity', async () => {
    const e = await buildEvent(t.db, { maxParticipants: 8 });
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => buildUser(t.db)));
    for (const m of members) await buildRegistration(t.db, { eventId: e.id, userId: m.id });
    const res = await asAdmin.put(
      `/api/events/${e.id}`,
      eventFormPayload({ status: 'cancelled', maxParticipants: 4 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${msg.maxBelowRegistered} (5)`);
    const [row] = await t.db.select().from(events).where(eq(events.id, e.id));
    expect(row.status).toBe('upcoming');
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'event_cancelled'), eq(notifications.userId, members[0].id)));
    expect(notices).toEqual([]);
  });

  it('pushes the live notice of a member moved up by a larger capacity at commit', async () => {
    const e = await buildEvent(t.db, { maxParticipants: 4 });
    for (let i = 0; i < 4; i++)
      await buildRegistration(t.db, { eventId: e.id, userId: (await buildUser(t.db)).id });
    const waiting = await buildUser(t.db);
    await buildRegistration(t.db, { eventId: e.id, userId: waiting.id, status: 'waitlisted' });
    const heard: RealtimeEnvelope[] = [];
    const unlisten = await t.database.listen(REALTIME_CHANNEL, (p) => heard.push(JSON.parse(p)));
    try {
      const res = await asAdmin.put(`/api/events/${e.id}`, eventFormPayload({ maxParticipants: 8 }));
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await unlisten();
    }
    const live = heard.filter(
      (h) => 'to' in h && h.to.includes(waiting.id) && h.event.type === 'event_notification',
    );
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      event: { data: { notification: { eventId: e.id, type: 'waitlist_promoted', read: false } } },
    });
  });
});
