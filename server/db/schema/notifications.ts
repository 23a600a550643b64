import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '../../../common/notification-types';
import { users } from './users';

export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);

/**
 * The notification centre: one row per member and notice, written in the same transaction as the
 * change that causes it (server/notifications/). The row is also the outbox of its other channels:
 * the fan-out job takes rows whose `deliverAfter` has come and `deliveredAt` is still empty, sends
 * e-mail and push by the member's preferences, and sets `deliveredAt`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    /** Where in the site it leads: a path such as `/events/12`. */
    url: varchar('url', { length: 500 }).notNull(),
    /** What the channels need beyond the text (event id, conversation partner, position, …). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Makes a notice happen once: e.g. `event_reminder:6d:12` for a reminder, or
     * `event_changed:12:<window>` for edits grouped within 30 minutes. Unique per member.
     */
    dedupeKey: varchar('dedupe_key', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The e-mail/push fan-out waits until then (grouping windows, "still unread after a while"). */
    deliverAfter: timestamp('deliver_after', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the fan-out decided and queued its e-mail and push (whether or not any was sent). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_undelivered_idx').on(t.deliverAfter).where(sql`${t.deliveredAt} is null`),
    uniqueIndex('notifications_user_dedupe_idx')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * A member's choices per notification type and channel, as an object `{ [type]: { email, push } }`
 * holding only what differs from the defaults in common/notification-types.ts. In-app is always on.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences')
    .$type<Record<string, { email?: boolean; push?: boolean }>>()
    .notNull()
    .default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Web push subscriptions of a member's browsers (VAPID); a 404/410 from the push service removes one. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * The secret of a member's personal calendar feed (its URL needs no login). Kept as it is, not hashed:
 * the member can show the URL again; a reset replaces it, and the old URL answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_idx').on(t.token)],
);

/**
 * Which members have an open WebSocket, across instances: one row per member and server instance with
 * its socket count, refreshed by the instance's heartbeat. A row older than two heartbeats is stale
 * (an instance that died). Used to skip e-mail/push for a member who is on the site right now.
 */
export const userPresence = pgTable(
  'user_presence',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: varchar('instance_id', { length: 64 }).notNull(),
    sockets: integer('sockets').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instanceId] })],
);
