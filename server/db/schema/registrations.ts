import { ROOM_WISHES } from '@common/options';
import { isNull, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ballGroups } from './ball-groups';
import { events } from './events';
import { users } from './users';

export const registrationStatusEnum = pgEnum('registration_status', [
  'registered',
  'waitlisted',
  'offered',
  'cancelled',
]);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'paid', 'refunded']);
export const attendanceEnum = pgEnum('attendance', ['present', 'no_show']);
export const roomWishEnum = pgEnum('room_wish', ROOM_WISHES);

/** One member's place (or waitlist spot) at an event. */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    status: registrationStatusEnum('status').notNull().default('registered'),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('pending'),
    dietaryPreferences: text('dietary_preferences'),
    /** When the member consented to storing dietary needs (GDPR art. 9); erased with them after the event. */
    dietaryConsentAt: timestamp('dietary_consent_at', { withTimezone: true }),
    notes: text('notes'),
    golfId: varchar('golf_id', { length: 50 }),
    handicap: numeric('handicap', { precision: 3, scale: 1, mode: 'number' }),
    // Deleting a group unassigns its members.
    groupId: integer('group_id').references(() => ballGroups.id, { onDelete: 'set null' }),
    // Set by a trigger whenever payment_status changes (the admin dashboard's payment activity).
    paymentStatusChangedAt: timestamp('payment_status_changed_at', { withTimezone: true }),
    /** While `offered`: when the offer passes to the next in line. */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** Set once the registration is cancelled (rows are never deleted: history, fees and no-shows). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who cancelled: the member, an admin, or null for the system (a declined or expired offer). */
    cancelledBy: text('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    lateCancellation: boolean('late_cancellation').notNull().default(false),
    /** SEK the member owes: the late-cancellation fee (0 once waived). */
    amountDue: integer('amount_due').notNull().default(0),
    attendance: attendanceEnum('attendance'),
    /** SEK paid online for the event fee, and refunded of it (registration_refunds lists each refund). */
    amountPaid: integer('amount_paid').notNull().default(0),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's payment (Stripe PaymentIntent id or the test mode's) that refunds go against. */
    paymentIntentId: varchar('payment_intent_id', { length: 255 }),
    /** Trips with overnight stays: single room, sharing, or sharing with a named member (the rooms list). */
    roomWish: roomWishEnum('room_wish'),
    roomMateName: varchar('room_mate_name', { length: 100 }),
    /** The participant named with 'shared_with' (issue 30); their name is kept in roomMateName. */
    roomMateId: text('room_mate_id').references(() => users.id, { onDelete: 'set null' }),
    /** With 'shared': a room with someone of another gender is fine (only if both say so). */
    roomMixedOk: boolean('room_mixed_ok').notNull().default(false),
    /** The organiser's rooming (issue 30): registrations with the same number share a room. */
    roomNumber: integer('room_number'),
  },
  (t) => [
    // One live registration per member and event; cancelled rows stay as history beside a new one.
    uniqueIndex('event_registrations_event_user_live_unique')
      .on(t.eventId, t.userId)
      .where(sql`${t.cancelledAt} is null`),
    index('event_registrations_offer_expiry_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.offerExpiresAt} is not null`),
    check(
      'event_registrations_amounts',
      sql`${t.amountDue} >= 0 and ${t.amountPaid} >= 0 and ${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amountPaid}`,
    ),
    // The room mate's name belongs to 'shared_with' and nothing else.
    check(
      'event_registrations_room_mate',
      sql`(${t.roomWish} is not distinct from 'shared_with') = (${t.roomMateName} is not null)`,
    ),
    // Lists per event in arrival order (waitlist promotion takes the earliest).
    index('event_registrations_event_idx').on(t.eventId, t.status, t.registeredAt, t.id),
    index('event_registrations_user_idx').on(t.userId),
    // The room-mate named by id belongs to 'shared_with' (the name is kept beside it).
    check('event_registrations_room_mate_id', sql`${t.roomMateId} is null or ${t.roomWish} = 'shared_with'`),
    index('event_registrations_group_idx').on(t.groupId),
    index('event_registrations_registered_at_idx').on(t.registeredAt),
    index('event_registrations_payment_changed_idx').on(t.paymentStatusChangedAt),
  ],
);

/** A registration that still holds a place or a queue spot (status is not 'cancelled'). */
export const isLiveRegistration = () => isNull(eventRegistrations.cancelledAt);

/** Each refund of an event fee paid online (partial refunds are kept one by one). */
export const registrationRefunds = pgTable(
  'registration_refunds',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    providerRefundId: varchar('provider_refund_id', { length: 255 }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registration_refunds_registration_idx').on(t.registrationId),
    check('registration_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);
