import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { eventRegistrations, events, notifications } from '../db/schema';
import type { Jobs } from '../jobs/jobs';
import { formatNoticeTime } from './notice-format';
import { createNotifications, type NotificationDraft } from './notifications.create';

/** pg-boss queue of the reminder sweep (scheduled every 10 minutes). */
export const REMINDERS_QUEUE = 'notification-reminders';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The two reminders before an event: how long before its start each is due. */
export const REMINDER_WINDOWS = [
  { key: '6d', before: 6 * DAY_MS },
  { key: '1d', before: DAY_MS },
] as const;

/**
 * Creates the due event reminders (one transaction per event and window) and answers how many notices
 * it created. The 6-day reminder: events starting within 6 days but more than 1 day from `now`, to
 * members who had registered before the event came within 6 days. The 1-day reminder: events starting
 * within 1 day, to every registered member. Never for cancelled or started events. Each notice has the
 * dedupe key `event_reminder:{6d|1d}:{eventId}`: the unique index makes it once per member, also when
 * two instances run this at the same moment.
 */
export async function runReminders(db: Db, now = new Date()): Promise<number> {
  let created = 0;
  for (const window of REMINDER_WINDOWS) {
    const upTo = new Date(now.getTime() + window.before);
    const conditions = [
      ne(events.status, 'cancelled'),
      gt(events.startTime, now),
      lte(events.startTime, upTo),
      ...(window.key === '6d' ? [gt(events.startTime, new Date(now.getTime() + DAY_MS))] : []),
    ];
    const due = await db
      .select({ id: events.id, title: events.title, location: events.location, startTime: events.startTime })
      .from(events)
      .where(and(...conditions));
    for (const event of due) {
      const dedupeKey = `event_reminder:${window.key}:${event.id}`;
      created += await db.transaction(async (tx) => {
        const members = await tx
          .select({ userId: eventRegistrations.userId })
          .from(eventRegistrations)
          .where(
            and(
              eq(eventRegistrations.eventId, event.id),
              eq(eventRegistrations.status, 'registered'),
              // Who registered after the 6-day mark just chose the event: only the 1-day one for them.
              window.key === '6d'
                ? sql`${eventRegistrations.registeredAt} <= ${event.startTime}::timestamptz - interval '6 days'`
                : undefined,
              sql`not exists (select 1 from ${notifications} n where n.user_id = ${eventRegistrations.userId} and n.dedupe_key = ${dedupeKey})`,
            ),
          );
        if (members.length === 0) return 0;
        const time = formatNoticeTime(event.startTime);
        const drafts: NotificationDraft[] = members.map((m) => ({
          userId: m.userId,
          type: 'event_reminder',
          title: window.key === '6d' ? `Påminnelse: ${event.title}` : `I morgon: ${event.title}`,
          body:
            window.key === '6d'
              ? `${event.title} på ${event.location} börjar ${time}. Välkommen!`
              : `Snart dags! ${event.title} på ${event.location} börjar ${time}.`,
          url: `/events/${event.id}`,
          data: { eventId: event.id, window: window.key, startTime: event.startTime.toISOString() },
          dedupeKey,
        }));
        return (await createNotifications(tx, drafts)).length;
      });
    }
  }
  return created;
}

/** Schedules the reminder sweep every 10 minutes (pg-boss's cron runs it on one instance at a time). */
export function registerReminderJobs(jobs: Jobs, o: { db: Db; log: FastifyBaseLogger }): void {
  jobs.onStart(async () => {
    await jobs.createQueue(REMINDERS_QUEUE, { policy: 'singleton', retryLimit: 1, expireInSeconds: 600 });
    await jobs.work(REMINDERS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const n = await runReminders(o.db);
      if (n > 0) o.log.info({ created: n }, 'event reminders created');
    });
    await jobs.schedule(REMINDERS_QUEUE, '*/10 * * * *');
    return undefined;
  });
}
