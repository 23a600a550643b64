import {
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

export const registrationStatusEnum = pgEnum('registration_status', ['registered', 'waitlisted']);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'paid', 'refunded']);

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
    notes: text('notes'),
    golfId: varchar('golf_id', { length: 50 }),
    handicap: numeric('handicap', { precision: 3, scale: 1, mode: 'number' }),
    // Deleting a group unassigns its members.
    groupId: integer('group_id').references(() => ballGroups.id, { onDelete: 'set null' }),
    // Set by a trigger whenever payment_status changes (the admin dashboard's payment activity).
    paymentStatusChangedAt: timestamp('payment_status_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('event_registrations_event_user_unique').on(t.eventId, t.userId),
    // Lists per event in arrival order (waitlist promotion takes the earliest).
    index('event_registrations_event_idx').on(t.eventId, t.status, t.registeredAt, t.id),
    index('event_registrations_user_idx').on(t.userId),
    index('event_registrations_group_idx').on(t.groupId),
    index('event_registrations_registered_at_idx').on(t.registeredAt),
    index('event_registrations_payment_changed_idx').on(t.paymentStatusChangedAt),
  ],
);
