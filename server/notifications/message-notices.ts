import { displayName } from '@common/rules/display-name';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { notifyThrough, REALTIME_CHANNEL, type RealtimeEnvelope } from '../db/realtime-channel';
import { registerDeliveryRule } from './delivery-rules';
import {
  bumpGroupDigests,
  countUnreadFrom,
  findNoticeState,
  groupDigestAudience,
  isOnline,
  lockUnreadDirectNotice,
  recentDigestHolders,
  recordEmailed,
  updateNotice,
} from './message-notices.queries';
import {
  createNotifications,
  NOTIFICATIONS_CHANNEL,
  type NotificationRow,
  presentNotification,
} from './notifications.create';

export { isOnline, markDirectMessageNoticesRead, PRESENCE_FRESH_SECONDS } from './message-notices.queries';

/** At most one e-mail per conversation (and group chat digest per event) within this time. */
export const MESSAGE_EMAIL_INTERVAL_MS = 60 * 60 * 1000;

const EXCERPT = 140;

function excerpt(content: string): string {
  const one = content.replace(/\s+/g, ' ').trim();
  return one.length > EXCERPT ? `${one.slice(0, EXCERPT - 1)}…` : one;
}

/** Pushes a changed notice to its member's sockets (at commit, like a new one). */
async function announce(db: Db, row: NotificationRow): Promise<void> {
  const envelope: RealtimeEnvelope = {
    to: [row.userId],
    event: { type: 'notification', data: presentNotification(row) },
  };
  await notifyThrough(db, REALTIME_CHANNEL, [JSON.stringify(envelope)]);
  await notifyThrough(db, NOTIFICATIONS_CHANNEL, ['']);
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
  const existing = await lockUnreadDirectNotice(tx, message.receiverId, message.senderId);
  if (existing) {
    const count = Number(existing.data.count ?? 1) + 1;
    const emailedAt = typeof existing.data.emailedAt === 'string' ? Date.parse(existing.data.emailedAt) : 0;
    const rearmAt = new Date(Math.max(deliverAfter.getTime(), emailedAt + MESSAGE_EMAIL_INTERVAL_MS));
    const row = await updateNotice(tx, existing.id, {
      title: `${count} nya meddelanden från ${name}`,
      body: excerpt(message.content),
      data: { ...existing.data, count, lastMessageId: message.id },
      createdAt: new Date(now),
      // Not yet fanned out: it waits for the newest message. Fanned out: once more, after the hour.
      ...(existing.deliveredAt
        ? { deliveredAt: null, deliverAfter: rearmAt }
        : { deliverAfter: new Date(Math.max(existing.deliverAfter.getTime(), deliverAfter.getTime())) }),
    });
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
  const current = await findNoticeState(tx, row.id);
  if (!current || current.readAt) return none;
  const senderId = String(current.data.senderId ?? '');
  if ((await countUnreadFrom(tx, row.userId, senderId)) === 0) return none;
  const emailedAt = typeof current.data.emailedAt === 'string' ? Date.parse(current.data.emailedAt) : 0;
  if (Date.now() - emailedAt < MESSAGE_EMAIL_INTERVAL_MS) return none;
  if (await isOnline(tx, row.userId)) return none;
  await recordEmailed(tx, row.id, new Date());
  return { email: true, push: true };
}

/**
 * A group chat's digest notice (an event's or a ride's), in the message's transaction: at most one per
 * member and chat (`prefix`) an hour. A member in `recent` (who had one within the hour) gets no new one;
 * a further message counts in theirs while it has not gone out (its body 'N nya meddelanden {where}
 * {title}'). The others of `members` get `notice`, sent by e-mail and push after `delaySeconds` as their
 * 'group_message' choices say. Answers how many notices were created.
 */
async function createGroupDigest(
  tx: Db,
  p: {
    prefix: string;
    members: string[];
    recent: Set<string>;
    eventTitle: string;
    where?: string;
    notice: { title: string; body: string; url: string; data: Record<string, unknown> };
    delaySeconds: number;
  },
): Promise<number> {
  if (p.recent.size > 0) {
    await bumpGroupDigests(tx, {
      prefix: p.prefix,
      userIds: [...p.recent],
      eventTitle: p.eventTitle,
      where: p.where,
    });
  }
  const fresh = p.members.filter((id) => !p.recent.has(id));
  if (fresh.length === 0) return 0;
  const bucket = Math.floor(Date.now() / MESSAGE_EMAIL_INTERVAL_MS);
  const inserted = await createNotifications(
    tx,
    fresh.map((userId) => ({
      userId,
      type: 'group_message' as const,
      ...p.notice,
      dedupeKey: `${p.prefix}${bucket}`,
      deliverAfter: new Date(Date.now() + p.delaySeconds * 1000),
    })),
  );
  return inserted.length;
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
  const rows = await groupDigestAudience(tx, { eventId: event.id, senderId: message.senderId, prefix });
  return createGroupDigest(tx, {
    prefix,
    members: rows.map((r) => r.user_id),
    recent: new Set(rows.filter((r) => r.recent).map((r) => r.user_id)),
    eventTitle: event.title,
    notice: {
      title: `Gruppchatten: ${event.title}`,
      body: `Nytt meddelande i gruppchatten: ${excerpt(message.content)}`,
      url: `/events/${event.id}`,
      data: { eventId: event.id, count: 1, firstMessageId: message.id },
    },
    delaySeconds,
  });
}

/**
 * The notices of a ride's conversation (issue 30), in the message's transaction: the group chat digest
 * of an event, for a ride. Its audience is small and the messages are about their own trip, so every
 * other member of the conversation (`to`: the driver and accepted passengers, none blocked either way
 * with the sender) gets the notice in the app; e-mail and push follow their 'group_message' choices
 * (off unless switched on). At most one notice per member and ride an hour; within it a further message
 * counts in the notice while it has not gone out. Answers how many notices were created.
 */
export async function notifyRideMessage(
  tx: Db,
  message: { id: number; rideId: number; content: string; to: string[] },
  event: { id: number; title: string },
  delaySeconds: number,
): Promise<number> {
  const prefix = `ride_message:${message.rideId}:`;
  return createGroupDigest(tx, {
    prefix,
    members: message.to,
    recent: await recentDigestHolders(tx, { prefix, userIds: message.to }),
    eventTitle: event.title,
    where: 'i samåkningen till',
    notice: {
      title: `Samåkningen till ${event.title}`,
      body: `Nytt meddelande i samåkningen: ${excerpt(message.content)}`,
      url: `/events/${event.id}#samakning`,
      data: { eventId: event.id, rideId: message.rideId, count: 1, firstMessageId: message.id },
    },
    delaySeconds,
  });
}

registerDeliveryRule('direct_message', directMessageDeliveryRule);
