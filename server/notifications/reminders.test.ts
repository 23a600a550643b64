import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { runReminders } from './reminders.jobs';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('event reminders', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const remindersOf = (eventId: number) =>
    t.db
      .select({ userId: notifications.userId, key: notifications.dedupeKey, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.type, 'event_reminder'), like(notifications.dedupeKey, `%:${eventId}`)));

  it('sends the 6-day and the 1-day reminder once each to registered members only, also when run twice at once', async () => {
    const now = new Date();
    const start = new Date(now.getTime() + 5 * DAY);
    const event = await buildEvent(t.db, { startTime: start, endTime: new Date(start.getTime() + 5 * HOUR) });
    const early = await buildUser(t.db);
    const late = await buildUser(t.db);
    const waiting = await buildUser(t.db);
    const outsider = await buildUser(t.db);
    await buildRegistration(t.db, {
      eventId: event.id,
      userId: early.id,
      registeredAt: new Date(now.getTime() - 10 * DAY),
    });
    // Registered after the 6-day mark: only the 1-day reminder.
    await buildRegistration(t.db, {
      eventId: event.id,
      userId: late.id,
      registeredAt: new Date(now.getTime() - 12 * HOUR),
    });
    await buildRegistration(t.db, {
      eventId: event.id,
      userId: waiting.id,
      status: 'waitlisted',
      registeredAt: new Date(now.getTime() - 10 * DAY),
    });

    // Two instances running the sweep at the same moment.
    const [a, b] = await Promise.all([runReminders(t.db, now), runReminders(t.db, now)]);
    expect(a + b).toBe(1);
    let rows = await remindersOf(event.id);
    expect(rows).toEqual([
      { userId: early.id, key: `event_reminder:6d:${event.id}`, title: `Påminnelse: ${event.title}` },
    ]);

    // Later sweeps within the 6-day window add nothing.
    expect(await runReminders(t.db, new Date(now.getTime() + HOUR))).toBe(0);

    // Within a day of the start: the 1-day one to every registered member, once.
    const dayBefore = new Date(start.getTime() - 20 * HOUR);
    const [c, d] = await Promise.all([runReminders(t.db, dayBefore), runReminders(t.db, dayBefore)]);
    expect(c + d).toBe(2);
    expect(await runReminders(t.db, new Date(dayBefore.getTime() + HOUR))).toBe(0);
    rows = await remindersOf(event.id);
    expect(rows.map((r) => `${r.userId}:${r.key}`).sort()).toEqual(
      [
        `${early.id}:event_reminder:6d:${event.id}`,
        `${early.id}:event_reminder:1d:${event.id}`,
        `${late.id}:event_reminder:1d:${event.id}`,
      ].sort(),
    );
    expect(rows.some((r) => r.userId === waiting.id || r.userId === outsider.id)).toBe(false);
  });

  it('skips the 6-day reminder when the start is less than a day away, and cancelled or past events', async () => {
    const now = new Date();
    const soon = await buildEvent(t.db, {
      startTime: new Date(now.getTime() + 12 * HOUR),
      endTime: new Date(now.getTime() + 17 * HOUR),
    });
    const cancelled = await buildEvent(t.db, {
      status: 'cancelled',
      startTime: new Date(now.getTime() + 12 * HOUR),
      endTime: new Date(now.getTime() + 17 * HOUR),
    });
    const past = await buildEvent(t.db, {
      startTime: new Date(now.getTime() - 2 * HOUR),
      endTime: new Date(now.getTime() + 3 * HOUR),
    });
    const member = await buildUser(t.db);
    for (const e of [soon, cancelled, past]) {
      await buildRegistration(t.db, {
        eventId: e.id,
        userId: member.id,
        registeredAt: new Date(now.getTime() - 30 * DAY),
      });
    }
    await runReminders(t.db, now);
    expect(await remindersOf(soon.id)).toEqual([
      { userId: member.id, key: `event_reminder:1d:${soon.id}`, title: `I morgon: ${soon.title}` },
    ]);
    expect(await remindersOf(cancelled.id)).toEqual([]);
    expect(await remindersOf(past.id)).toEqual([]);
  });
});
