import { msg } from '@common/messages';
import type {
  Conversation,
  SendGroupMessageInput,
  SendMessageInput,
  ThreadQuery,
} from '@common/schemas/messages';
import { presentPublicUser, type UserRow } from '../auth/users.presenter';
import { assertCanSendDirectMessage, directMessagePermissions } from '../blocks/blocks.service';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { authorize, NotFoundError, ValidationError } from '../errors';
import { findEventTitle } from '../events/events.queries';
import { findLiveRegistration } from '../registrations/registrations.queries';
import { checkNewConversation } from './message-spam';
import { canMessage, canUseGroupChat, type Participation } from './messages.policy';
import { presentMessage } from './messages.presenter';
import {
  eventMemberIds,
  findRoles,
  insertMessage,
  listConversationRows,
  listGroupMessages,
  listThread,
  type MessageRow,
  type MessageWithSender,
  markThreadRead,
} from './messages.queries';

/** Group chat: how many of the newest messages are shown. */
export const GROUP_CHAT_LIMIT = 200;

/** The member's conversations, newest first, each with the partner, the latest message and unread count. */
export async function listConversations(db: Db, user: UserRow): Promise<Conversation[]> {
  const rows = await listConversationRows(db, user.id);
  const allowed = await directMessagePermissions(
    db,
    user,
    rows.map((r) => r.partner.id),
  );
  return rows.map((r) => ({
    // The query selects exactly the public fields, which are all presentPublicUser reads.
    user: presentPublicUser(r.partner as UserRow),
    messages: [presentMessage(r.message, r.message.senderId === user.id ? user : r.partner)],
    unreadCount: r.unreadCount,
    lastMessageAt: r.message.sentAt.toISOString(),
    closed: allowed.get(r.partner.id) !== true,
  }));
}

/**
 * Opens a thread with another member: marks what they sent the reader as read, answers the page and
 * whether it is closed (the reader may not write there: a block either way, or the partner's setting).
 * A closed thread stays readable to both.
 */
export async function readThread(
  db: Db,
  reader: UserRow,
  partnerId: string,
  query: ThreadQuery,
): Promise<{ messages: MessageWithSender[]; markedRead: number; closed: boolean }> {
  const allowed = (await directMessagePermissions(db, reader, [partnerId])).get(partnerId);
  if (allowed === undefined) throw new NotFoundError(msg.userNotFound);
  // The notices of the thread are marked read and the reader's other tabs told, by the subscribers.
  const markedRead = await db.transaction(async (tx) => {
    const n = await markThreadRead(tx, reader.id, partnerId);
    await publish(tx, 'conversation.read', { readerId: reader.id, partnerId, markedRead: n });
    return n;
  });
  const messages = await listThread(db, {
    userId: reader.id,
    partnerId,
    before: query.before,
    limit: query.limit,
  });
  return { messages, markedRead, closed: !allowed };
}

/** How long a message's e-mail/push waits (the receiver may read it meanwhile); seconds. */
export interface MessageNoticeOptions {
  noticeDelaySeconds: number;
}

/**
 * Sends a direct message: not to oneself, and the receiver must exist. Published as `message.sent`:
 * the receiver gets a notice and both ends the message live, at commit.
 */
export async function sendDirectMessage(
  db: Db,
  sender: UserRow,
  input: SendMessageInput,
  options: MessageNoticeOptions = { noticeDelaySeconds: 120 },
): Promise<MessageWithSender> {
  if (!canMessage(sender, input.receiverId)) throw new ValidationError(msg.messageToSelf);
  // A block (either way) or the receiver's 'Vem får skriva till mig': refused before anything is stored,
  // so nothing is pushed or notified.
  await assertCanSendDirectMessage(db, sender, input.receiverId);
  try {
    const row = await db.transaction(async (tx) => {
      // A first message to someone new counts against the hour's limit (and may flag the sender).
      await checkNewConversation(tx, sender, input.receiverId, input.content);
      const m = await insertMessage(tx, {
        senderId: sender.id,
        receiverId: input.receiverId,
        content: input.content,
        isGroupMessage: false,
      });
      await publish(tx, 'message.sent', {
        message: m,
        sender,
        noticeDelaySeconds: options.noticeDelaySeconds,
      });
      return m;
    });
    return { ...row, sender };
  } catch (err) {
    // The receiver must exist: the foreign key says so without a lookup first.
    if (isForeignKeyViolation(err)) throw new NotFoundError(msg.userNotFound);
    throw err;
  }
}

/** PostgreSQL 23503 (also when Drizzle wraps the driver's error). */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}

/** The member's part in an event: their live registration's status, or undefined. */
export async function findParticipation(db: Db, eventId: number, userId: string): Promise<Participation> {
  const row = await findLiveRegistration(db, eventId, userId);
  return row && row.status !== 'cancelled' ? { status: row.status } : undefined;
}

/** Throws unless the event exists and the member may use its group chat. */
export async function requireGroupChat(db: Db, user: UserRow, eventId: number): Promise<void> {
  if (!(await findEventTitle(db, eventId))) throw new NotFoundError(msg.eventNotFound);
  const participation = await findParticipation(db, eventId, user.id);
  authorize(canUseGroupChat(user, participation), msg.groupChatForbidden);
}

/** An event's group chat (newest 200, oldest first), for its participants and admins. */
export async function readGroupChat(db: Db, user: UserRow, eventId: number): Promise<MessageWithSender[]> {
  await requireGroupChat(db, user, eventId);
  return listGroupMessages(db, eventId, GROUP_CHAT_LIMIT);
}

/**
 * Posts to an event's group chat, for its participants and admins. Published as `message.sent`:
 * opted-in members get a digest, the participants the message live, at commit.
 */
export async function sendGroupMessage(
  db: Db,
  sender: UserRow,
  eventId: number,
  input: SendGroupMessageInput,
  options: MessageNoticeOptions = { noticeDelaySeconds: 120 },
): Promise<MessageWithSender> {
  if (input.eventId !== undefined && input.eventId !== eventId) {
    throw new ValidationError(msg.messageEventMismatch);
  }
  await requireGroupChat(db, sender, eventId);
  const row = await db.transaction(async (tx) => {
    const m = await insertMessage(tx, {
      senderId: sender.id,
      eventId,
      content: input.content,
      isGroupMessage: true,
    });
    await publish(tx, 'message.sent', { message: m, sender, noticeDelaySeconds: options.noticeDelaySeconds });
    return m;
  });
  return { ...row, sender };
}

/** Who a message is pushed to: both ends of a direct message; the event's participants and the sender. */
export async function messageRecipients(db: Db, m: MessageRow): Promise<string[]> {
  if (m.isGroupMessage && m.eventId !== null) {
    return [...new Set([m.senderId, ...(await eventMemberIds(db, m.eventId))])];
  }
  return m.receiverId ? [m.senderId, m.receiverId] : [m.senderId];
}

/**
 * Of the members watching an event's group chat, those who may read a new message of it now: its
 * recipients (the event's participants and the sender) and anyone else the group chat policy allows
 * without taking part, i.e. admins, checked against the database at this moment.
 */
export async function groupChatReaders(
  db: Db,
  recipients: Iterable<string>,
  watchers: Iterable<string>,
): Promise<Set<string>> {
  const readers = new Set(recipients);
  const others = [...watchers].filter((id) => !readers.has(id));
  if (others.length === 0) return readers;
  const actors = await findRoles(db, others);
  for (const actor of actors) if (canUseGroupChat(actor, undefined)) readers.add(actor.id);
  return readers;
}
