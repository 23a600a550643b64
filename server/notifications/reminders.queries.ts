import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events, notifications } from '../db/schema';

/** An event a reminder is due for. */
export interface ReminderEvent {
  id: number;
  title: string;
  location: string;
  startTime: Date;
}

/** Events not cancelled that start after `after` and by `upTo`. */
export async function eventsStartingBetween(db: Db, after: Date, upTo: Date): Promise<ReminderEvent[]> {
  return db
    .select({ id: events.id, title: events.title, location: events.location, startTime: events.startTime })
    .from(events)
    .where(and(ne(events.status, 'cancelled'), gt(events.startTime, after), lte(events.startTime, upTo)));
}

/**
 * The registered members of an event who do not yet have the notice `dedupeKey`; with
 * `registeredBefore`, only those who registered by then.
 */
export async function reminderRecipients(
  db: Db,
  p: { eventId: number; dedupeKey: string; registeredBefore?: SqlTime },
): Promise<string[]> {
  const rows = await db
    .select({ userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, p.eventId),
        eq(eventRegistrations.status, 'registered'),
        p.registeredBefore
          ? sql`${eventRegistrations.registeredAt} <= ${p.registeredBefore.at}::timestamptz - ${p.registeredBefore.minus}::interval`
          : undefined,
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${eventRegistrations.userId} and n.dedupe_key = ${p.dedupeKey})`,
      ),
    );
  return rows.map((r) => r.userId);
}

/** A time less an interval, computed in SQL (`at - minus`), e.g. six days before an event's start. */
export interface SqlTime {
  at: Date;
  minus: string;
}
