import type { NotificationType } from '@common/notification-types';
import type { Notification } from '@common/schemas/notifications';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from '../realtime/realtime.publish';

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
const MAX_NOTIFY_BYTES = 7900;

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
          data: d.data ?? {},
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
  if (inserted.length === 0) return inserted;
  // A notice too large for a NOTIFY payload is only missing live: the bell loads it on its next fetch.
  const envelopes = inserted
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
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
  return inserted;
}

/** One notice, the same for every member a query selects (a big event's members). */
export type NotificationTemplate = Omit<NotificationDraft, 'userId'>;

/**
 * Like createNotifications for many members at once, in one INSERT … SELECT: `recipients` is a query
 * answering one column `user_id`. The realtime NOTIFYs are built in the same statement, so the rows
 * never travel to this process (a cancelled event with 2,000 members stays one quick statement).
 * Members who already have the dedupe key are skipped. Answers how many notices were created.
 */
export async function createNotificationsFor(
  db: Db,
  recipients: SQL,
  t: NotificationTemplate,
): Promise<number> {
  const deliverAfter = t.deliverAfter ? sql`${t.deliverAfter.toISOString()}::timestamptz` : sql`now()`;
  const result = await db.execute<{ n: number }>(sql`
    with ins as (
      insert into notifications (user_id, type, title, body, url, data, dedupe_key, deliver_after)
      select r.user_id, ${t.type}::notification_type, ${t.title}, ${t.body}, ${t.url},
             ${JSON.stringify(t.data ?? {})}::jsonb, ${t.dedupeKey ?? null}, ${deliverAfter}
      from (${recipients}) as r(user_id)
      on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
      returning id, user_id, type, title, body, url, created_at, read_at
    ),
    sent as (
      select pg_notify(${REALTIME_CHANNEL}, json_build_object(
        'to', json_build_array(ins.user_id),
        'event', json_build_object('type', 'notification', 'data', json_build_object(
          'id', ins.id, 'type', ins.type, 'title', ins.title, 'body', ins.body, 'url', ins.url,
          'createdAt', to_char(ins.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'readAt', null))
      )::text) from ins
      where octet_length(ins.title) + octet_length(ins.body) + octet_length(ins.url) < ${MAX_NOTIFY_BYTES - 400}
    )
    select (select count(*) from ins)::int as n, (select count(*) from sent)::int as notified`);
  const rows = Array.isArray(result) ? result : ((result as { rows: { n: number }[] }).rows ?? []);
  const n = Number(rows[0]?.n ?? 0);
  if (n > 0) await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
  return n;
}
