import { RIDE_KINDS, RIDE_PASSENGER_STATUSES } from '@common/options';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

export const rideKindEnum = pgEnum('ride_kind', RIDE_KINDS);
export const ridePassengerStatusEnum = pgEnum('ride_passenger_status', RIDE_PASSENGER_STATUSES);

/** 'Samåkning' (issue 30): a member's offer of seats in their car to an event, or their request for one. */
export const rides = pgTable(
  'rides',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: rideKindEnum('kind').notNull(),
    /** A municipality (common/regions.ts), as the member chose it: matching compares these. */
    fromPlace: varchar('from_place', { length: 60 }).notNull(),
    departAt: timestamp('depart_at', { withTimezone: true }).notNull(),
    /** Seats offered to passengers (an offer only). */
    seats: integer('seats'),
    note: varchar('note', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rides_event_idx').on(t.eventId, t.departAt),
    index('rides_user_idx').on(t.userId),
    // An offer has 1-8 seats; a request none.
    check(
      'rides_seats',
      sql`(${t.kind} = 'offer' and ${t.seats} between 1 and 8) or (${t.kind} = 'request' and ${t.seats} is null)`,
    ),
  ],
);

/** Members who asked for a seat in an offer, and whether the driver accepted them. */
export const ridePassengers = pgTable(
  'ride_passengers',
  {
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: ridePassengerStatusEnum('status').notNull().default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.rideId, t.userId] }), index('ride_passengers_user_idx').on(t.userId)],
);

/** The ride's conversation: the driver and the accepted passengers. */
export const rideMessages = pgTable(
  'ride_messages',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ride_messages_ride_idx').on(t.rideId, t.sentAt),
    index('ride_messages_sender_idx').on(t.senderId),
    check('ride_messages_content_length', sql`char_length(${t.content}) between 1 and 2000`),
  ],
);
