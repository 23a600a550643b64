import type { NotificationType } from '@common/notification-types';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { MAX_NOTIFY_BYTES, notifyThrough, REALTIME_CHANNEL } from '../db/realtime-channel';
import { notifications } from '../db/schema';
import { LIVE_EACH_MAX, NOTIFICATIONS_CHANNEL, newBatch } from './notice-channels';

/** One notice to one member, as a domain event describes it. */
export interface NotificationDraft {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  /** A path in the site, e.g. `/events/12`. */
  url: string;
  data?: Record<string, unknown>;
  /** Makes the notice happen once per member (a second draft with the same key is skipped). */
  dedupeKey?: string;
  /** E-mail and push wait until then (grouping windows); in-app shows it at once. */
  deliverAfter?: Date;
}

export type NotificationRow = typeof notifications.$inferSelect;

/** One notice, the same for every member a query selects (a big event's members). */
export type NotificationTemplate = Omit<NotificationDraft, 'userId'>;

/** Inserts notices; a member's second notice with the same dedupe key is skipped. Answers the rows inserted. */
export async function insertNotificationRows(
  db: Db,
  rows: (typeof notifications.$inferInsert)[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({
      target: [notifications.userId, notifications.dedupeKey],
      where: sql`${notifications.dedupeKey} is not null`,
    })
    .returning();
}

/**
 * Like createNotifications for many members at once, in one INSERT … SELECT: `recipients` is a query
 * answering one column `user_id`. The realtime NOTIFYs are sent from the same statement, so the rows
 * never travel to this process: up to LIVE_EACH_MAX one per notice, more one for the whole set (a
 * cancelled event with 2,000 members stays one quick statement and one NOTIFY). Members who already
 * have the dedupe key are skipped. Answers how many notices were created.
 */
export async function createNotificationsFor(
  db: Db,
  recipients: SQL,
  t: NotificationTemplate,
): Promise<number> {
  const deliverAfter = t.deliverAfter ? sql`${t.deliverAfter.toISOString()}::timestamptz` : sql`now()`;
  const batch = newBatch();
  const result = await db.execute<{ n: number }>(sql`
    with ins as (
      insert into notifications (user_id, type, title, body, url, data, dedupe_key, deliver_after)
      select r.user_id, ${t.type}::notification_type, ${t.title}, ${t.body}, ${t.url},
             ${JSON.stringify({ ...t.data, batch })}::jsonb, ${t.dedupeKey ?? null}, ${deliverAfter}
      from (${recipients}) as r(user_id)
      on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
      returning id, user_id, type, title, body, url, created_at, read_at
    ),
    counted as (select count(*)::int as n from ins),
    each as (
      select pg_notify(${REALTIME_CHANNEL}, json_build_object(
        'to', json_build_array(ins.user_id),
        'event', json_build_object('type', 'notification', 'data', json_build_object(
          'id', ins.id, 'type', ins.type, 'title', ins.title, 'body', ins.body, 'url', ins.url,
          'createdAt', to_char(ins.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'readAt', null))
      )::text) from ins
      where (select n from counted) <= ${LIVE_EACH_MAX}
        and octet_length(ins.title) + octet_length(ins.body) + octet_length(ins.url) < ${MAX_NOTIFY_BYTES - 400}
    ),
    whole as (
      -- created_at is now() (the transaction's start) in every row; in UTC to the microsecond.
      select pg_notify(${REALTIME_CHANNEL}, json_build_object(
        'ref', 'notifications', 'batch', ${batch}::text,
        'since', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text)
      where (select n from counted) > ${LIVE_EACH_MAX}
    )
    select (select n from counted) as n,
           (select count(*) from each)::int + (select count(*) from whole)::int as notified`);
  const rows = Array.isArray(result) ? result : ((result as { rows: { n: number }[] }).rows ?? []);
  const n = Number(rows[0]?.n ?? 0);
  if (n > 0) await notifyThrough(db, NOTIFICATIONS_CHANNEL, ['']);
  return n;
}
