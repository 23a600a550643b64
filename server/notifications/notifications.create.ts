import { randomUUID } from 'node:crypto';
import type { NotificationType } from '@common/notification-types';
import type { Notification } from '@common/schemas/notifications';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { MAX_NOTIFY_BYTES, REALTIME_CHANNEL, type RealtimeEnvelope } from '../db/realtime-channel';
import { notifications } from '../db/schema';

/** The NOTIFY channel that wakes the fan-out job when notices were committed. */
export const NOTIFICATIONS_CHANNEL = 'sg_notifications';

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

const CHUNK = 1000;
/**
 * Up to this many notices written together travel one NOTIFY each, carrying the notice. More are
 * announced with one NOTIFY for the whole set (`{ ref: 'notifications', batch, since }`): the rows
 * carry the set's marker in `data.batch`, and each instance loads the ones of its connected members
 * (server/realtime/realtime.routes.ts). 2,000 NOTIFYs at commit cost more than the INSERT itself.
 */
export const LIVE_EACH_MAX = 50;

/** A new marker for a set of notices announced together (`data.batch`). */
export function newBatch(): string {
  return randomUUID();
}

/** The API shape of a stored notice. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * Writes notices in the caller's transaction (`db` may be a transaction), so a notice exists exactly
 * when the change that causes it is committed. Drafts whose `dedupeKey` the member already has are
 * skipped. Two NOTIFYs, delivered by PostgreSQL only at commit (and dropped on rollback): each new
 * notice to its member's open sockets (`{ type: 'notification', data }`), and one that wakes the
 * fan-out job (e-mail and push by the member's preferences). Answers the rows inserted.
 */
export async function createNotifications(db: Db, drafts: NotificationDraft[]): Promise<NotificationRow[]> {
  const batch = drafts.length > LIVE_EACH_MAX ? newBatch() : null;
  const inserted: NotificationRow[] = [];
  for (let i = 0; i < drafts.length; i += CHUNK) {
    const rows = await db
      .insert(notifications)
      .values(
        drafts.slice(i, i + CHUNK).map((d) => ({
          userId: d.userId,
          type: d.type,
          title: d.title,
          body: d.body,
          url: d.url,
          data: batch ? { ...d.data, batch } : (d.data ?? {}),
          dedupeKey: d.dedupeKey ?? null,
          ...(d.deliverAfter ? { deliverAfter: d.deliverAfter } : {}),
        })),
      )
      .onConflictDoNothing({
        target: [notifications.userId, notifications.dedupeKey],
        where: sql`${notifications.dedupeKey} is not null`,
      })
      .returning();
    inserted.push(...rows);
  }
  await announceNotifications(db, inserted, batch);
  return inserted;
}

/**
 * Sends, at commit, new or rewritten notices to their members' open sockets and wakes the fan-out:
 * up to LIVE_EACH_MAX one NOTIFY each (`{ to, event }`), more one NOTIFY for the set when the rows
 * carry `batch` in their data. A notice too large for a NOTIFY payload is only missing live: the bell
 * loads it on its next fetch.
 */
export async function announceNotifications(
  db: Db,
  rows: NotificationRow[],
  batch: string | null,
): Promise<void> {
  if (rows.length === 0) return;
  if (batch && rows.length > LIVE_EACH_MAX) {
    // Dates carry milliseconds, the column microseconds: one millisecond earlier includes the oldest row.
    const since = new Date(Math.min(...rows.map((r) => r.createdAt.getTime())) - 1).toISOString();
    const ref: RealtimeEnvelope = { ref: 'notifications', batch, since };
    await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(ref)})`);
  } else {
    const envelopes = rows
      .map((row) =>
        JSON.stringify({
          to: [row.userId],
          event: { type: 'notification', data: presentNotification(row) },
        } satisfies RealtimeEnvelope),
      )
      .filter((e) => Buffer.byteLength(e) <= MAX_NOTIFY_BYTES);
    if (envelopes.length > 0) {
      await db.execute(
        sql`select pg_notify(${REALTIME_CHANNEL}, e) from jsonb_array_elements_text(${JSON.stringify(envelopes)}::jsonb) as e`,
      );
    }
  }
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
}

/** One notice, the same for every member a query selects (a big event's members). */
export type NotificationTemplate = Omit<NotificationDraft, 'userId'>;

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
  if (n > 0) await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
  return n;
}
