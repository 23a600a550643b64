import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/jobs';
import { formatNoticeTime } from './notice-format';
import { createNotifications, type NotificationDraft } from './notifications.create';
import { eventsStartingBetween, reminderRecipients } from './reminders.queries';

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
    // The 6-day reminder leaves the last day to the 1-day one.
    const after = window.key === '6d' ? new Date(now.getTime() + DAY_MS) : now;
    for (const event of await eventsStartingBetween(db, after, upTo)) {
      const dedupeKey = `event_reminder:${window.key}:${event.id}`;
      created += await db.transaction(async (tx) => {
        const members = await reminderRecipients(tx, {
          eventId: event.id,
          dedupeKey,
          // Who registered after the 6-day mark just chose the event: only the 1-day one for them.
          registeredBefore: window.key === '6d' ? { at: event.startTime, minus: '6 days' } : undefined,
        });
        if (members.length === 0) return 0;
        const time = formatNoticeTime(event.startTime);
        const drafts: NotificationDraft[] = members.map((userId) => ({
          userId,
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
