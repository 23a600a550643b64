import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { events } from './events';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ball_groups_event_idx').on(t.eventId)],
);
