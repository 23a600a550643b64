import { sql } from 'drizzle-orm';
import {
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

/** Playing groups (usually four) of an event. */
export const ballGroups = pgTable(
  'ball_groups',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** The group's first tee time, set by an admin before the groups are published (null: not set). */
    teeTime: timestamp('tee_time', { withTimezone: true }),
    /** The hole the group starts on (1 usually; 1–18 at a shotgun start); null: not set. */
    startingHole: integer('starting_hole'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ball_groups_event_idx').on(t.eventId),
    check('ball_groups_starting_hole', sql`${t.startingHole} is null or ${t.startingHole} between 1 and 18`),
  ],
);

/** An admin's request that two members of an event play in the same group (generation honours it). */
export const ballGroupTogether = pgTable(
  'ball_group_together',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    // Stored with userA < userB so a pair is one row.
    userA: text('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: text('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ball_group_together_pk', columns: [t.eventId, t.userA, t.userB] }),
    check('ball_group_together_ordered', sql`${t.userA} < ${t.userB}`),
  ],
);
