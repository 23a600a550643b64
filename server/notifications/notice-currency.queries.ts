import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { NotificationRow } from './notifications.create';

/**
 * Notice types that tell of a state which can end: a place on the reservlista ('waitlisted': the member
 * left it or got a place) and an offered place ('waitlist_offer': accepted, declined or expired).
 */
const STATEFUL_TYPES = ['waitlisted', 'waitlist_offer'] as const;
type StatefulType = (typeof STATEFUL_TYPES)[number];
const isStateful = (t: string): t is StatefulType => (STATEFUL_TYPES as readonly string[]).includes(t);

/**
 * The ids among `rows` whose state has ended, in one statement for the page. A notice is current while
 * the member's live registration of its event (`data.eventId`) is in the state it told of (waitlisted;
 * offered with the offer not yet past, as the minute's sweep may lag) and the member has cancelled no
 * registration of the event since (after leaving and joining again, the new place has news of its own).
 */
export async function findEndedNotices(db: Db, rows: NotificationRow[]): Promise<Set<string>> {
  const ids = rows.filter((r) => isStateful(r.type)).map((r) => r.id);
  if (ids.length === 0) return new Set();
  const eventId = sql`case when ${notifications.data}->>'eventId' ~ '^[0-9]{1,9}$'
    then (${notifications.data}->>'eventId')::int end`;
  const ended = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      sql`${inArray(notifications.id, ids)} and (
        not exists (
          select 1 from event_registrations r
          where r.user_id = ${notifications.userId} and r.event_id = ${eventId} and r.cancelled_at is null
            and (
              (${notifications.type} = 'waitlisted' and r.status = 'waitlisted')
              or (${notifications.type} = 'waitlist_offer' and r.status = 'offered' and r.offer_expires_at > now())
            )
        )
        or exists (
          select 1 from event_registrations c
          where c.user_id = ${notifications.userId} and c.event_id = ${eventId}
            and c.cancelled_at > ${notifications.createdAt}
        )
      )`,
    );
  return new Set(ended.map((r) => r.id));
}
