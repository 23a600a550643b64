import { MEET_AGAIN_CHOICES, MEET_AGAIN_MATCH_KINDS } from '@common/options';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

export const meetAgainChoiceEnum = pgEnum('meet_again_choice', MEET_AGAIN_CHOICES);
export const meetAgainMatchKindEnum = pgEnum('meet_again_match_kind', MEET_AGAIN_MATCH_KINDS);

/**
 * 'Vill ses igen' (issue 30): one member's private answer about another checked-in participant of an
 * event. Never shown to anyone but its author; those that did not match are deleted when the answer
 * window closes (server/meet-again/meet-again.jobs.ts).
 */
export const meetAgainAnswers = pgTable(
  'meet_again_answers',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aboutUserId: text('about_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    choice: meetAgainChoiceEnum('choice').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'meet_again_answers_pk', columns: [t.eventId, t.fromUserId, t.aboutUserId] }),
    check('meet_again_answers_not_self', sql`${t.fromUserId} <> ${t.aboutUserId}`),
    // The other side's answer (the match check) and a block's deletion.
    index('meet_again_answers_about_idx').on(t.aboutUserId, t.fromUserId),
  ],
);

/** A mutual answer: the only thing 'Vill ses igen' ever reveals, to the two members (userA < userB). */
export const meetAgainMatches = pgTable(
  'meet_again_matches',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userA: text('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: text('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: meetAgainMatchKindEnum('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One match per pair and event: a second transaction completing the same pair inserts nothing.
    uniqueIndex('meet_again_matches_pair_unique').on(t.eventId, t.userA, t.userB),
    check('meet_again_matches_order', sql`${t.userA} < ${t.userB}`),
    index('meet_again_matches_user_a_idx').on(t.userA, t.createdAt),
    index('meet_again_matches_user_b_idx').on(t.userB, t.createdAt),
  ],
);
