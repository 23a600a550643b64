import { and, eq, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { NotificationRow } from './notifications.create';

/** The registered, offered and waitlisted members of an event, as a query (for INSERT … SELECT). */
export function eventMembersQuery(eventId: number): SQL {
  return sql`select user_id from event_registrations where event_id = ${eventId} and status in ('registered', 'waitlisted', 'offered')`;
}

/**
 * The members who switched on e-mail or push for `event_published` (an opt-in type), but the event's
 * creator, as a query (for INSERT … SELECT).
 */
export function eventPublishedAudienceQuery(createdBy: string | null): SQL {
  return sql`
    select p.user_id from notification_preferences p
    where (coalesce((p.preferences->'event_published'->>'email')::boolean, false)
           or coalesce((p.preferences->'event_published'->>'push')::boolean, false))
      and p.user_id is distinct from ${createdBy}`;
}

/** The earliest `event_changed` window of an event still open at `now` (not delivered, due later). */
export async function findOpenChangeWindow(db: Db, prefix: string, now: Date) {
  const [open] = await db
    .select({
      dedupeKey: notifications.dedupeKey,
      deliverAfter: notifications.deliverAfter,
      data: notifications.data,
    })
    .from(notifications)
    .where(
      and(
        like(notifications.dedupeKey, `${prefix}%`),
        isNull(notifications.deliveredAt),
        sql`${notifications.deliverAfter} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(notifications.deliverAfter)
    .limit(1);
  return open;
}

/** Rewrites the undelivered notices of a dedupe key (marked unread again); answers them. */
export async function rewriteUndelivered(
  db: Db,
  dedupeKey: string,
  text: { title: string; body: string; data: Record<string, unknown> },
): Promise<NotificationRow[]> {
  return db
    .update(notifications)
    .set({ ...text, readAt: null })
    .where(and(eq(notifications.dedupeKey, dedupeKey), isNull(notifications.deliveredAt)))
    .returning();
}
