import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { RatingGender } from '../../../common/options';
import { events } from './events';
import { users } from './users';

/**
 * A player's score on a hole of an event (issue 29): strokes 1-15, null for a picked-up hole. One row per
 * event, player and hole; `entered_at` is when the scorer entered it on the phone (an offline card sends
 * it later): an older value than the stored one is ignored, so a retry never overwrites a newer entry.
 */
export const scores = pgTable(
  'scores',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hole: smallint('hole').notNull(),
    strokes: smallint('strokes'),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    enteredBy: text('entered_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scores_event_user_hole_unique').on(t.eventId, t.userId, t.hole),
    check('scores_hole_range', sql`${t.hole} between 1 and 18`),
    check('scores_strokes_range', sql`${t.strokes} is null or ${t.strokes} between 1 and 15`),
  ],
);

/** Every change of a score (the admin's audit of a round): who, when, the hole, old and new value. */
export const scoreChanges = pgTable(
  'score_changes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hole: smallint('hole').notNull(),
    /** False when the hole had no score before (then oldStrokes is null too). */
    hadOld: boolean('had_old').notNull(),
    oldStrokes: smallint('old_strokes'),
    newStrokes: smallint('new_strokes'),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Made after the results were final (only admins can). */
    afterFinal: boolean('after_final').notNull().default(false),
  },
  (t) => [index('score_changes_event_idx').on(t.eventId, t.changedAt)],
);

/** A player's card signed off (by the player or a group mate). */
export const scoreSignOffs = pgTable(
  'score_sign_offs',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedBy: text('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'score_sign_offs_pk', columns: [t.eventId, t.userId] })],
);

/** An event's results made final: by an admin, or automatically (finalizedBy null) after the last card. */
export const eventResultsFinal = pgTable('event_results_final', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  finalizedAt: timestamp('finalized_at', { withTimezone: true }).notNull().defaultNow(),
  finalizedBy: text('finalized_by').references(() => users.id, { onDelete: 'set null' }),
  automatic: boolean('automatic').notNull().default(false),
});

/** Side contests of an event (closest to the pin, longest drive), with their winner. */
export const eventContests = pgTable(
  'event_contests',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).$type<'closest_to_pin' | 'longest_drive'>().notNull(),
    hole: smallint('hole').notNull(),
    gender: varchar('gender', { length: 10 }).$type<RatingGender>(),
    winnerUserId: text('winner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measure: varchar('measure', { length: 40 }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_contests_event_idx').on(t.eventId),
    check('event_contests_type', sql`${t.type} in ('closest_to_pin', 'longest_drive')`),
    check('event_contests_hole_range', sql`${t.hole} between 1 and 18`),
  ],
);

/** The season table's rules per season (points per finishing position, best N events count). */
export const orderOfMeritRules = pgTable('order_of_merit_rules', {
  season: integer('season').primaryKey(),
  pointsPerPosition: jsonb('points_per_position').$type<number[]>().notNull(),
  bestOf: integer('best_of').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
