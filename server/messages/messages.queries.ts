import { and, asc, desc, eq, getTableColumns, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { eventRegistrations, messages, users } from '../db/schema';

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

export interface ConversationRow {
  partner: typeof users.$inferSelect;
  message: MessageRow;
  unreadCount: number;
}

/**
 * The member's conversations, newest first: each partner (full row; the presenter picks the public
 * fields) with the latest message and the number of unread messages from that partner. One statement:
 * the distinct partners come from the two pair indexes, the latest message per partner from a LATERAL
 * top-1 in each direction, the unread counts from the partial unread index.
 */
export async function listConversationRows(db: Db, userId: string): Promise<ConversationRow[]> {
  const conv = sql`(
    with partners as (
      select receiver_id as partner_id from messages where sender_id = ${userId} and receiver_id is not null
      union
      select sender_id from messages where receiver_id = ${userId}
    ),
    unread as (
      select sender_id, count(*)::int as n from messages
      where receiver_id = ${userId} and read = false
      group by sender_id
    )
    select p.partner_id, l.*, coalesce(u.n, 0) as unread_count
    from partners p
    cross join lateral (
      select b.* from (
        (select id, sender_id, receiver_id, event_id, content, read, sent_at, is_group_message from messages
          where sender_id = ${userId} and receiver_id = p.partner_id order by sent_at desc limit 1)
        union all
        (select id, sender_id, receiver_id, event_id, content, read, sent_at, is_group_message from messages
          where sender_id = p.partner_id and receiver_id = ${userId} order by sent_at desc limit 1)
      ) b order by b.sent_at desc, b.id desc limit 1
    ) l
    left join unread u on u.sender_id = p.partner_id
  ) conv`;
  const c = (name: string) => sql.raw(`conv.${name}`);
  // The partner by primary key per conversation (a LATERAL lookup: the planner cannot know there are few).
  const partner = db
    .select()
    .from(users)
    .where(sql`${users.id} = ${c('partner_id')}`)
    // LIMIT keeps the planner from flattening the lookup into a join over all members.
    .limit(1)
    .as('partner');
  const userColumns = getTableColumns(users);
  const partnerFields = Object.fromEntries(
    Object.keys(userColumns).map((k) => [k, partner[k as keyof typeof userColumns]]),
  ) as unknown as typeof userColumns;
  const rows = await db
    .select({
      partner: partnerFields,
      message: {
        id: sql<number>`${c('id')}`.mapWith(messages.id),
        senderId: sql<string>`${c('sender_id')}`.mapWith(messages.senderId),
        receiverId: sql<string | null>`${c('receiver_id')}`.mapWith(messages.receiverId),
        eventId: sql<number | null>`${c('event_id')}`.mapWith(messages.eventId),
        content: sql<string>`${c('content')}`.mapWith(messages.content),
        read: sql<boolean>`${c('read')}`.mapWith(messages.read),
        sentAt: sql<Date>`${c('sent_at')}`.mapWith(messages.sentAt),
        isGroupMessage: sql<boolean>`${c('is_group_message')}`.mapWith(messages.isGroupMessage),
      },
      unreadCount: sql<number>`${c('unread_count')}`.mapWith(Number),
    })
    .from(conv)
    .innerJoinLateral(partner, sql`true`)
    .orderBy(sql`${c('sent_at')} desc, ${c('id')} desc`);
  return rows;
}

export interface ThreadParams {
  userId: string;
  partnerId: string;
  before?: number;
  limit: number;
}

/** The newest `limit` messages of a thread (before a message id when given), oldest first. */
export async function listThread(db: Db, p: ThreadParams): Promise<MessageWithSender[]> {
  const pair = or(
    and(eq(messages.senderId, p.userId), eq(messages.receiverId, p.partnerId)),
    and(eq(messages.senderId, p.partnerId), eq(messages.receiverId, p.userId)),
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
    .where(and(eq(messages.eventId, eventId), eq(messages.isGroupMessage, true)))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** Inserts a message and answers the row. */
export async function insertMessage(db: Db, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row;
}

/** The member's registration (registered or waitlisted) for an event, if any. */
export async function findRegistrationStatus(db: Db, eventId: number, userId: string) {
  const rows = await db
    .select({ status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
    .limit(1);
  return rows[0];
}

/** Ids of the members registered or waitlisted for an event. */
export async function eventMemberIds(db: Db, eventId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.id));
  return rows.map((r) => r.userId);
}
