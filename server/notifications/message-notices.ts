import { displayName } from '@common/rules/display-name';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from '../db/realtime-channel';
import { messages, notifications } from '../db/schema';
import type { UserRow } from '../members/members.presenter';
import { registerDeliveryRule } from './delivery-rules';
import {
  createNotifications,
  NOTIFICATIONS_CHANNEL,
  type NotificationRow,
  presentNotification,
} from './notifications.create';

/** A member counts as online with a presence row refreshed this recently (heartbeat 30 s, two beats). */
export const PRESENCE_FRESH_SECONDS = 75;
/** At most one e-mail per conversation (and group chat digest per event) within this time. */
export const MESSAGE_EMAIL_INTERVAL_MS = 60 * 60 * 1000;

const EXCERPT = 140;

function excerpt(content: string): string {
  const one = content.replace(/\s+/g, ' ').trim();
  return one.length > EXCERPT ? `${one.slice(0, EXCERPT - 1)}…` : one;
}

/** Whether the member has an open socket on any live instance (see server/realtime/presence.ts). */
export async function isOnline(db: Db, userId: string): Promise<boolean> {
  const rows = await db.execute<{ one: number }>(
    sql`select 1 as one from user_presence where user_id = ${userId} and sockets > 0
        and seen_at > now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS}) limit 1`,
  );
  return rowsOf(rows).length > 0;
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** Pushes a changed notice to its member's sockets (at commit, like a new one). */
async function announce(db: Db, row: NotificationRow): Promise<void> {
  const envelope: RealtimeEnvelope = {
    to: [row.userId],
    event: { type: 'notification', data: presentNotification(row) },
  };
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(envelope)})`);
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
}

/**
 * The notice of a new direct message, in the message's transaction. One unread notice per conversation:
 * a further message while the receiver has not read the last notice updates it (count, excerpt) instead
 * of adding one. Its e-mail/push waits `delaySeconds` (read meanwhile or online: none, see
 * directMessageDeliveryRule) and comes at most once an hour per conversation: a notice that was e-mailed
 * is re-armed no earlier than an hour after that e-mail.
 */
export async function notifyDirectMessage(
  tx: Db,
  message: { id: number; senderId: string; receiverId: string; content: string },
  sender: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'fullName' | 'username'>,
  delaySeconds: number,
): Promise<void> {
  const name = displayName(sender as Parameters<typeof displayName>[0]);
  const now = Date.now();
  const deliverAfter = new Date(now + delaySeconds * 1000);
  const [existing] = await tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, message.receiverId),
        eq(notifications.type, 'direct_message'),
        like(notifications.dedupeKey, `direct_message:${message.senderId}:%`),
        isNull(notifications.readAt),
      ),
    )
    .limit(1)
    .for('update');
  if (existing) {
    const count = Number(existing.data.count ?? 1) + 1;
    const emailedAt = typeof existing.data.emailedAt === 'string' ? Date.parse(existing.data.emailedAt) : 0;
    const rearmAt = new Date(Math.max(deliverAfter.getTime(), emailedAt + MESSAGE_EMAIL_INTERVAL_MS));
    const [row] = await tx
      .update(notifications)
      .set({
        title: `${count} nya meddelanden från ${name}`,
        body: excerpt(message.content),
        data: { ...existing.data, count, lastMessageId: message.id },
        createdAt: new Date(now),
        // Not yet fanned out: it waits for the newest message. Fanned out: once more, after the hour.
        ...(existing.deliveredAt
          ? { deliveredAt: null, deliverAfter: rearmAt }
          : { deliverAfter: new Date(Math.max(existing.deliverAfter.getTime(), deliverAfter.getTime())) }),
      })
      .where(eq(notifications.id, existing.id))
      .returning();
    if (row) await announce(tx, row);
    return;
  }
  await createNotifications(tx, [
    {
      userId: message.receiverId,
      type: 'direct_message',
      title: `Nytt meddelande från ${name}`,
      body: excerpt(message.content),
      url: `/messages?recipient=${encodeURIComponent(message.senderId)}`,
      data: { senderId: message.senderId, count: 1, lastMessageId: message.id },
      dedupeKey: `direct_message:${message.senderId}:${message.id}`,
      deliverAfter,
    },
  ]);
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

/**
 * Whether a direct message notice goes out by e-mail and push (within the member's preferences): not
 * when the receiver is online, has read the notice or the messages meanwhile, or was e-mailed about
 * this conversation within the hour. A notice that goes out records `emailedAt` (the hourly limit).
 */
export async function directMessageDeliveryRule(
  tx: Db,
  row: NotificationRow,
): Promise<{ email: boolean; push: boolean }> {
  const none = { email: false, push: false };
  const [current] = await tx
    .select({ readAt: notifications.readAt, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.id, row.id));
  if (!current || current.readAt) return none;
  const senderId = String(current.data.senderId ?? '');
  const [unread] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(eq(messages.receiverId, row.userId), eq(messages.senderId, senderId), eq(messages.read, false)),
    );
  if (Number(unread?.n ?? 0) === 0) return none;
  const emailedAt = typeof current.data.emailedAt === 'string' ? Date.parse(current.data.emailedAt) : 0;
  if (Date.now() - emailedAt < MESSAGE_EMAIL_INTERVAL_MS) return none;
  if (await isOnline(tx, row.userId)) return none;
  await tx
    .update(notifications)
    .set({
      data: sql`${notifications.data} || ${JSON.stringify({ emailedAt: new Date().toISOString() })}::jsonb`,
    })
    .where(eq(notifications.id, row.id));
  return { email: true, push: true };
}

/**
 * Group chat digests, in the message's transaction: to the event's registered members except the
 * sender who switched on e-mail or push for `group_message` (opt-in: nobody else gets even a row), at
 * most one notice per member and event an hour. Within that hour a further message updates the notice
 * while it has not gone out. Answers how many notices were created.
 */
export async function notifyGroupMessage(
  tx: Db,
  message: { id: number; senderId: string; eventId: number; content: string },
  event: { id: number; title: string },
  delaySeconds: number,
): Promise<number> {
  const prefix = `group_message:${event.id}:`;
  const rows = rowsOf<{ user_id: string; recent: boolean }>(
    await tx.execute(sql`
      select r.user_id,
        exists (select 1 from notifications n where n.user_id = r.user_id and n.dedupe_key like ${`${prefix}%`}
                and n.created_at > now() - interval '1 hour') as recent
      from event_registrations r
      join notification_preferences p on p.user_id = r.user_id
      where r.event_id = ${event.id} and r.status = 'registered' and r.user_id <> ${message.senderId}
        and (coalesce((p.preferences->'group_message'->>'email')::boolean, false)
             or coalesce((p.preferences->'group_message'->>'push')::boolean, false))`),
  );
  const fresh = rows.filter((r) => !r.recent).map((r) => r.user_id);
  const recent = rows.filter((r) => r.recent).map((r) => r.user_id);
  if (recent.length > 0) {
    await tx.execute(sql`
      update notifications set
        data = data || jsonb_build_object('count', coalesce((data->>'count')::int, 1) + 1),
        body = (coalesce((data->>'count')::int, 1) + 1)::text || ' nya meddelanden i gruppchatten för ' || ${event.title}
      where type = 'group_message' and dedupe_key like ${`${prefix}%`} and delivered_at is null
        and user_id in (select jsonb_array_elements_text(${JSON.stringify(recent)}::jsonb))`);
  }
  if (fresh.length === 0) return 0;
  const bucket = Math.floor(Date.now() / MESSAGE_EMAIL_INTERVAL_MS);
  const inserted = await createNotifications(
    tx,
    fresh.map((userId) => ({
      userId,
      type: 'group_message' as const,
      title: `Gruppchatten: ${event.title}`,
      body: `Nytt meddelande i gruppchatten: ${excerpt(message.content)}`,
      url: `/events/${event.id}`,
      data: { eventId: event.id, count: 1, firstMessageId: message.id },
      dedupeKey: `${prefix}${bucket}`,
      deliverAfter: new Date(Date.now() + delaySeconds * 1000),
    })),
  );
  return inserted.length;
}

registerDeliveryRule('direct_message', directMessageDeliveryRule);
