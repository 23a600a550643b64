import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { membershipEnum, users } from './users';

/** Stripe (or test-mode) webhook events already handled, so each is applied once. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Checkout sessions of the built-in test payment mode (stands in for Stripe Checkout when no key is set). */
export const testCheckoutSessions = pgTable(
  'test_checkout_sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: varchar('customer_id', { length: 255 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    paymentStatus: varchar('payment_status', { length: 20 }).notNull().default('unpaid'),
    subscriptionId: varchar('subscription_id', { length: 64 }),
    /** 'subscription' (Pro) or 'payment' (an event fee for registrationId, amount in SEK). */
    mode: varchar('mode', { length: 20 }).notNull().default('subscription'),
    registrationId: integer('registration_id'),
    amount: integer('amount'),
    paymentIntentId: varchar('payment_intent_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('test_checkout_sessions_mode', sql`${t.mode} in ('subscription', 'payment')`),
    check('test_checkout_sessions_status', sql`${t.status} in ('open', 'complete', 'expired')`),
    check('test_checkout_sessions_payment_status', sql`${t.paymentStatus} in ('unpaid', 'paid')`),
  ],
);

/** Subscriptions of the built-in test payment mode; `npm run billing:advance` renews or ends them. */
export const testSubscriptions = pgTable(
  'test_subscriptions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: varchar('customer_id', { length: 255 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('test_subscriptions_status', sql`${t.status} in ('active', 'past_due', 'canceled')`),
    // billing:advance scans the live ones by period end.
    index('test_subscriptions_period_end_idx').on(t.currentPeriodEnd),
  ],
);

/** Who changed whose membership type, from what to what, and when (admin changes). */
export const membershipChanges = pgTable(
  'membership_changes',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    fromType: membershipEnum('from_type').notNull(),
    toType: membershipEnum('to_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('membership_changes_user_idx').on(t.userId, t.createdAt)],
);
