import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** Direct messages (receiverId set) and event group messages (eventId set). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    read: boolean('read').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    isGroupMessage: boolean('is_group_message').notNull().default(false),
    /** Set when a moderator removed the message (hidden everywhere; the report keeps a copy). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // A thread is the pair in either direction, in time order.
    index('messages_pair_idx').on(t.senderId, t.receiverId, t.sentAt),
    index('messages_receiver_idx').on(t.receiverId, t.senderId, t.sentAt),
    index('messages_event_idx').on(t.eventId, t.sentAt),
    // Unread counts per receiver.
    index('messages_unread_idx').on(t.receiverId).where(sql`${t.read} = false`),
    check('messages_content_length', sql`char_length(${t.content}) between 1 and 5000`),
    check(
      'messages_target',
      sql`(${t.isGroupMessage} and ${t.eventId} is not null and ${t.receiverId} is null) or (not ${t.isGroupMessage} and ${t.receiverId} is not null and ${t.eventId} is null)`,
    ),
  ],
);

/**
 * One row per member and conversation partner (direct messages only): the latest message between the
 * two, in either direction, and how many of the partner's messages the member has not read. The list
 * of conversations reads these rows instead of every message of the member. Kept by statement-level
 * triggers on `messages` (migration `message-conversations-triggers`); never written by the app.
 */
export const messageConversations = pgTable(
  'message_conversations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The latest message by (sent_at, id); no foreign key: the triggers replace it when it goes. */
    lastMessageId: integer('last_message_id').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partnerId] }),
    // The list: a member's conversations, newest first.
    // (DESC NULLS FIRST is what ORDER BY … DESC means, so the index gives the order.)
    index('message_conversations_list_idx').on(
      t.userId,
      t.lastSentAt.desc().nullsFirst(),
      t.lastMessageId.desc().nullsFirst(),
    ),
  ],
);

/** Notices to a member about an event (waitlist promotion and the like). */
export const eventNotifications = pgTable(
  'event_notifications',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 50 }).notNull(),
    content: text('content').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_notifications_user_idx').on(t.userId, t.createdAt)],
);
