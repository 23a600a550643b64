import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messages, notifications } from '../db/schema';
import type { NotificationRow } from './notifications.create';

/** A member counts as online with a presence row refreshed this recently (heartbeat 30 s, two beats). */
export const PRESENCE_FRESH_SECONDS = 75;

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** Whether the member has an open socket on any live instance (see server/realtime/presence.ts). */
export async function isOnline(db: Db, userId: string): Promise<boolean> {
  const rows = await db.execute<{ one: number }>(
    sql`select 1 as one from user_presence where user_id = ${userId} and sockets > 0
        and seen_at > now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS}) limit 1`,
  );
  return rowsOf(rows).length > 0;
}

/** The receiver's unread notice of a conversation with the sender, locked FOR UPDATE, or undefined. */
export async function lockUnreadDirectNotice(
  tx: Db,
  receiverId: string,
  senderId: string,
): Promise<NotificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, receiverId),
        eq(notifications.type, 'direct_message'),
        like(notifications.dedupeKey, `direct_message:${senderId}:%`),
        isNull(notifications.readAt),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

/** Changes one notice; answers it as it is now. */
export async function updateNotice(
  db: Db,
  id: string,
  values: Partial<typeof notifications.$inferInsert>,
): Promise<NotificationRow | undefined> {
  const [row] = await db.update(notifications).set(values).where(eq(notifications.id, id)).returning();
  return row;
}

/** Marks the reader's notices of a conversation read (the thread was opened). */
export async function markDirectMessageNoticesRead(
  db: Db,
  readerId: string,
  partnerId: string,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, readerId),
        eq(notifications.type, 'direct_message'),
        like(notifications.dedupeKey, `direct_message:${partnerId}:%`),
        isNull(notifications.readAt),
      ),
    );
}

/** A notice's read time and data as stored now, or undefined. */
export async function findNoticeState(db: Db, id: string) {
  const [row] = await db
    .select({ readAt: notifications.readAt, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row;
}

/** How many messages from the sender the receiver has not read. */
export async function countUnreadFrom(db: Db, receiverId: string, senderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(eq(messages.receiverId, receiverId), eq(messages.senderId, senderId), eq(messages.read, false)),
    );
  return Number(row?.n ?? 0);
}

/** Records in a notice's data when it was e-mailed (the hourly limit of a conversation). */
export async function recordEmailed(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ data: sql`${notifications.data} || ${JSON.stringify({ emailedAt: at.toISOString() })}::jsonb` })
    .where(eq(notifications.id, id));
}

/**
 * The registered members of an event but the sender who switched on e-mail or push for
 * `group_message`, each with whether they had a digest of the event (`prefix`) within the hour.
 */
export async function groupDigestAudience(
  db: Db,
  p: { eventId: number; senderId: string; prefix: string },
): Promise<{ user_id: string; recent: boolean }[]> {
  return rowsOf<{ user_id: string; recent: boolean }>(
    await db.execute(sql`
      select r.user_id,
        exists (select 1 from notifications n where n.user_id = r.user_id and n.dedupe_key like ${`${p.prefix}%`}
                and n.created_at > now() - interval '1 hour') as recent
      from event_registrations r
      join notification_preferences p on p.user_id = r.user_id
      where r.event_id = ${p.eventId} and r.status = 'registered' and r.user_id <> ${p.senderId}
        and (coalesce((p.preferences->'group_message'->>'email')::boolean, false)
             or coalesce((p.preferences->'group_message'->>'push')::boolean, false))`),
  );
}

/** Of the members, those who had a digest (`prefix`) within the hour. */
export async function recentDigestHolders(
  db: Db,
  p: { prefix: string; userIds: string[] },
): Promise<Set<string>> {
  if (p.userIds.length === 0) return new Set();
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select distinct n.user_id from notifications n
      where n.user_id in (select jsonb_array_elements_text(${JSON.stringify(p.userIds)}::jsonb))
        and n.dedupe_key like ${`${p.prefix}%`} and n.created_at > now() - interval '1 hour'`),
  );
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Counts one more message in the members' undelivered digests of a group chat (an event's, or a ride's
 * with `where` 'i samåkningen till'): the body becomes 'N nya meddelanden {where} {title}'.
 */
export async function bumpGroupDigests(
  db: Db,
  p: { prefix: string; userIds: string[]; eventTitle: string; where?: string },
): Promise<void> {
  const where = ` nya meddelanden ${p.where ?? 'i gruppchatten för'} `;
  await db.execute(sql`
    update notifications set
      data = data || jsonb_build_object('count', coalesce((data->>'count')::int, 1) + 1),
      body = (coalesce((data->>'count')::int, 1) + 1)::text || ${where} || ${p.eventTitle}
    where type = 'group_message' and dedupe_key like ${`${p.prefix}%`} and delivered_at is null
      and user_id in (select jsonb_array_elements_text(${JSON.stringify(p.userIds)}::jsonb))`);
}
