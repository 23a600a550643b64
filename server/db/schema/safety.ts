import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A member's block of another: both ways, neither sees nor reaches the other (issue 15). */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_blocks_pk', columns: [t.blockerId, t.blockedId] }),
    // The other direction: who has blocked this member.
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

export const reportTargetEnum = pgEnum('report_target', [
  'user',
  'message',
  'group_message',
  'image',
  'photo',
]);
export const reportReasonEnum = pgEnum('report_reason', [
  'harassment',
  'spam',
  'fake',
  'inappropriate',
  'underage',
  'other',
]);
export const reportActionEnum = pgEnum('report_action', ['dismiss', 'warn', 'remove_content', 'suspend']);

/**
 * Reports to the moderators (DSA notice and action): what was reported, a copy of it as it was, and the
 * decision with its statement of reasons. `reporterId` null: flagged by the site itself (message spam).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: reportTargetEnum('target_type').notNull(),
    targetId: varchar('target_id', { length: 100 }).notNull(),
    /** The member the report is about (the profile, or the author/uploader of the content). */
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: reportReasonEnum('reason').notNull(),
    details: text('details'),
    /** The reported content as it was when reported (text, names, image id). */
    snapshot: jsonb('snapshot').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    action: reportActionEnum('action'),
    statement: text('statement'),
  },
  (t) => [
    // The queue: open first, oldest first.
    index('reports_queue_idx').on(sql`(${t.decidedAt} is not null)`, t.createdAt),
    index('reports_target_user_idx').on(t.targetUserId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

/** What administrators did (moderation decisions, suspensions, and later other admin actions). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 100 }).notNull(),
    targetType: varchar('target_type', { length: 50 }).notNull(),
    targetId: varchar('target_id', { length: 100 }).notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** A member's withdrawal from a Pro purchase within 14 days (Directive (EU) 2023/2673), with its refund. */
export const proWithdrawals = pgTable(
  'pro_withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
    /** SEK refunded: the full price, less the days used when the member asked to start at once. */
    refundAmount: integer('refund_amount').notNull(),
    providerRefundId: varchar('provider_refund_id', { length: 255 }),
  },
  (t) => [index('pro_withdrawals_user_idx').on(t.userId)],
);
