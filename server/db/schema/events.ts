import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ScoringFormat } from '../../../common/rules/scoring';
import { courses, courseTees } from './courses';
import { users } from './users';

export const waitlistModeEnum = pgEnum('waitlist_mode', ['auto', 'offer']);
export const eventStatusEnum = pgEnum('event_status', ['upcoming', 'ongoing', 'completed', 'cancelled']);

/** Golf events and trips. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    location: varchar('location', { length: 200 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    registrationDeadline: timestamp('registration_deadline', { withTimezone: true }),
    maxParticipants: integer('max_participants').notNull().default(16),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: eventStatusEnum('status').notNull().default('upcoming'),
    price: integer('price').notNull().default(0),
    notes: text('notes'),
    image: text('image'),
    imageUrl: text('image_url'),
    imageId: uuid('image_id'),
    registrationFee: integer('registration_fee').notNull().default(0),
    greenFee: integer('green_fee'),
    greenFeeIncluded: boolean('green_fee_included').notNull().default(false),
    coffeeIncluded: boolean('coffee_included').notNull().default(false),
    lunchIncluded: boolean('lunch_included').notNull().default(false),
    /** When an admin published the ball groups to the members (null: not published; notices went out then). */
    ballGroupsPublishedAt: timestamp('ball_groups_published_at', { withTimezone: true }),
    /** Before this, registration is refused ('Anmälan öppnar …'); null: open at once. */
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
    /** auto: the first in line moves up at once; offer: the place is offered for waitlistOfferHours. */
    waitlistMode: waitlistModeEnum('waitlist_mode').notNull().default('auto'),
    waitlistOfferHours: integer('waitlist_offer_hours').notNull().default(24),
    /** After this, cancelling costs lateCancellationFee (waived if a reserve takes the place). */
    cancellationDeadline: timestamp('cancellation_deadline', { withTimezone: true }),
    lateCancellationFee: integer('late_cancellation_fee').notNull().default(0),
    /** The event's total price is paid on the site (card or Swish). */
    payOnline: boolean('pay_online').notNull().default(false),
    /** Trips (issue 30): what a single room costs on top, in kr; null: none stated. */
    singleRoomSupplement: integer('single_room_supplement'),
    /** When the organiser published the rooms (members see their room-mates from then on). */
    roomsPublishedAt: timestamp('rooms_published_at', { withTimezone: true }),
    // Golf settings (issue 29): the course and a tee per gender; without a course the event has no scoring.
    // Restrict: a course or tee an event names cannot be removed (the course PUT answers 409 first).
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'restrict' }),
    maleTeeId: integer('male_tee_id').references(() => courseTees.id, { onDelete: 'restrict' }),
    femaleTeeId: integer('female_tee_id').references(() => courseTees.id, { onDelete: 'restrict' }),
    scoringFormat: varchar('scoring_format', { length: 20 }).$type<ScoringFormat>(),
    /** Percent of the course handicap that makes the playing handicap (decisions.md). */
    handicapAllowance: smallint('handicap_allowance').notNull().default(100),
    /** The leaderboard is hidden from participants until the results are final (the prize-giving). */
    leaderboardHidden: boolean('leaderboard_hidden').notNull().default(false),
  },
  (t) => [
    index('events_start_time_idx').on(t.startTime),
    check('events_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check(
      'events_deadline_before_start',
      sql`${t.registrationDeadline} is null or ${t.registrationDeadline} < ${t.startTime}`,
    ),
    check('events_max_participants', sql`${t.maxParticipants} >= 4 and ${t.maxParticipants} % 4 = 0`),
    check(
      'events_cancellation_deadline_before_start',
      sql`${t.cancellationDeadline} is null or ${t.cancellationDeadline} < ${t.startTime}`,
    ),
    check('events_waitlist_offer_hours', sql`${t.waitlistOfferHours} between 1 and 168`),
    check('events_late_cancellation_fee', sql`${t.lateCancellationFee} >= 0`),
    check('events_handicap_allowance', sql`${t.handicapAllowance} between 1 and 100`),
    check(
      'events_scoring_needs_format',
      sql`${t.courseId} is null or ${t.scoringFormat} in ('stableford', 'stroke_net', 'stroke_gross')`,
    ),
    check(
      'events_single_room_supplement',
      sql`${t.singleRoomSupplement} is null or ${t.singleRoomSupplement} between 0 and 100000`,
    ),
    check(
      'events_fees_non_negative',
      sql`${t.price} >= 0 and ${t.registrationFee} >= 0 and coalesce(${t.greenFee}, 0) >= 0`,
    ),
  ],
);

/**
 * Change counters for cached answers: a statement-level trigger on events and
 * event_registrations bumps the 'events' row, so every server instance knows
 * when its cached GET /api/events answer is stale.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: varchar('name', { length: 50 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const announcementAudienceEnum = pgEnum('announcement_audience', [
  'all',
  'registered',
  'waitlisted',
  'unpaid',
  'checked_in',
]);

/** Messages an organiser sent to an event's participants (e-mail and in-app; optionally the group chat). */
export const eventAnnouncements = pgTable(
  'event_announcements',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    audience: announcementAudienceEnum('audience').notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    postedToChat: boolean('posted_to_chat').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_announcements_event_idx').on(t.eventId, t.createdAt)],
);
