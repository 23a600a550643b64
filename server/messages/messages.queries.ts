import { type PublicUser, publicUserSchema } from '@common/schemas/users';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { eventRegistrations, isLiveRegistration, messageConversations, messages, users } from '../db/schema';

export type MessageRow = typeof messages.$inferSelect;
export type SenderRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'fullName' | 'username' | 'profileImageId' | 'profileImageUrl'
>;
export type MessageWithSender = MessageRow & { sender: SenderRow };

const senders = alias(users, 'sender');
const senderColumns = {
  id: senders.id,
  firstName: senders.firstName,
  lastName: senders.lastName,
  fullName: senders.fullName,
  username: senders.username,
  profileImageId: senders.profileImageId,
  profileImageUrl: senders.profileImageUrl,
};
const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  eventId: messages.eventId,
  content: messages.content,
  read: messages.read,
  sentAt: messages.sentAt,
  isGroupMessage: messages.isGroupMessage,
  removedAt: messages.removedAt,
};

type Joined = MessageRow & { sender: SenderRow };
const selectWithSender = (db: Db) =>
  db
    .select({ ...messageColumns, sender: senderColumns })
    .from(messages)
    .innerJoin(senders, eq(senders.id, messages.senderId));

/** One message with its sender, or undefined. */
export async function findMessageWithSender(db: Db, id: number): Promise<MessageWithSender | undefined> {
  const rows: Joined[] = await selectWithSender(db).where(eq(messages.id, id)).limit(1);
  return rows[0];
}

/** The partner columns the conversation list reads: exactly the public fields (publicUserSchema). */
const partnerKeys = Object.keys(publicUserSchema.shape) as (keyof PublicUser)[];
export type PartnerRow = Pick<typeof users.$inferSelect, keyof PublicUser>;

export interface ConversationRow {
  partner: PartnerRow;
  message: MessageRow;
  unreadCount: number;
}

/**
 * The member's conversations, newest first: each partner (public fields) with the latest message and
 * the number of unread messages from that partner. Reads the member's `message_conversations` rows
 * (kept by triggers) in index order, then the message and the partner by primary key: the cost follows
 * the number of conversations, not of messages. Prepared once per connection.
 */
const conversationRows = preparedQuery((db) => {
  // The partner by primary key per row (LIMIT keeps the planner from a hash join over all members).
  const columns = getTableColumns(users);
  const partnerSelection = Object.fromEntries(partnerKeys.map((k) => [k, columns[k]])) as Pick<
    typeof columns,
    keyof PublicUser
  >;
  const partner = db
    .select(partnerSelection)
    .from(users)
    .where(eq(users.id, messageConversations.partnerId))
    .limit(1)
    .as('partner');
  const partnerFields = Object.fromEntries(partnerKeys.map((k) => [k, partner[k]])) as unknown as Pick<
    typeof columns,
    keyof PublicUser
  >;
  return db
    .select({
      partner: partnerFields,
      message: messageColumns,
      unreadCount: messageConversations.unreadCount,
    })
    .from(messageConversations)
    .innerJoin(messages, eq(messages.id, messageConversations.lastMessageId))
    .innerJoinLateral(partner, sql`true`)
    .where(eq(messageConversations.userId, sql.placeholder('userId')))
    .orderBy(desc(messageConversations.lastSentAt), desc(messageConversations.lastMessageId))
    .prepare('sg_message_conversations');
});

export async function listConversationRows(db: Db, userId: string): Promise<ConversationRow[]> {
  return conversationRows(db).execute({ userId });
}

export interface ThreadParams {
  userId: string;
  partnerId: string;
  before?: number;
  limit: number;
}

/** The newest `limit` messages of a thread (before a message id when given), oldest first. */
export async function listThread(db: Db, p: ThreadParams): Promise<MessageWithSender[]> {
  // Removed by a moderator: left out of the thread.
  const pair = and(
    or(
      and(eq(messages.senderId, p.userId), eq(messages.receiverId, p.partnerId)),
      and(eq(messages.senderId, p.partnerId), eq(messages.receiverId, p.userId)),
    ),
    isNull(messages.removedAt),
  );
  const rows: Joined[] = await selectWithSender(db)
    .where(p.before ? and(pair, lt(messages.id, p.before)) : pair)
    .orderBy(desc(messages.id))
    .limit(p.limit);
  return rows.reverse();
}

/** Marks the messages a partner sent to the reader as read; answers how many changed. */
export async function markThreadRead(db: Db, readerId: string, partnerId: string): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.receiverId, readerId), eq(messages.senderId, partnerId), eq(messages.read, false)))
    .returning({ id: messages.id });
  return rows.length;
}

/** Number of unread direct messages addressed to the member. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, userId), eq(messages.read, false)));
  return Number(row?.n ?? 0);
}

/** The newest `limit` group messages of an event, oldest first. */
export async function listGroupMessages(
  db: Db,
  eventId: number,
  limit: number,
): Promise<MessageWithSender[]> {
  const rows: Joined[] = await selectWithSender(db)
    .where(and(eq(messages.eventId, eventId), eq(messages.isGroupMessage, true), isNull(messages.removedAt)))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** Inserts a message and answers the row. */
export async function insertMessage(db: Db, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row;
}

/** Ids of the members registered or waitlisted for an event. */
export async function eventMemberIds(db: Db, eventId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), isLiveRegistration()))
    .orderBy(asc(eventRegistrations.id));
  return rows.map((r) => r.userId);
}

/** The roles of these members (who of them an admin is), for the group chat's readers. */
export async function findRoles(
  db: Db,
  ids: string[],
): Promise<{ id: string; role: (typeof users.$inferSelect)['role'] }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids));
}
