import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { EMAIL_MAX_LENGTH } from '../../../common/limits';

export const roleEnum = pgEnum('user_role', ['member', 'admin']);
export const membershipEnum = pgEnum('membership_type', ['free', 'pro']);
export const genderEnum = pgEnum('gender', ['male', 'female', 'other']);
export const civilStatusEnum = pgEnum('civil_status', ['single', 'relationship', 'divorced', 'widow']);
export const subscriptionStatusEnum = pgEnum('subscription_status', [
  'active',
  'cancel_at_period_end',
  'past_due',
  'canceled',
  'incomplete',
  'unpaid',
]);
/** Who may start a conversation with a member: any member, only contacts, or nobody. */
export const whoCanMessageEnum = pgEnum('who_can_message', ['members', 'contacts', 'nobody']);

/** Members. Linked to their login by (oidc_issuer, oidc_subject). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    email: varchar('email', { length: EMAIL_MAX_LENGTH }),
    /** When the member's address was proven (a link followed, or the issuer's `email_verified`). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address waiting for its confirmation link; `email` stays in force until then. */
    pendingEmail: varchar('pending_email', { length: EMAIL_MAX_LENGTH }),
    username: varchar('username', { length: 100 }),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    fullName: varchar('full_name', { length: 201 }),
    profileImageUrl: text('profile_image_url'),
    profileImageId: uuid('profile_image_id'),
    role: roleEnum('role').notNull().default('member'),
    membershipType: membershipEnum('membership_type').notNull().default('free'),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }),
    subscriptionStatus: subscriptionStatusEnum('subscription_status'),
    subscriptionPeriodEnd: timestamp('subscription_period_end', { withTimezone: true }),
    handicap: numeric('handicap', { precision: 3, scale: 1, mode: 'number' }),
    golfId: varchar('golf_id', { length: 50 }),
    club: varchar('club', { length: 200 }),
    gender: genderEnum('gender'),
    age: integer('age'),
    birthDate: date('birth_date', { mode: 'string' }),
    civilStatus: civilStatusEnum('civil_status'),
    children: varchar('children', { length: 200 }),
    profession: varchar('profession', { length: 200 }),
    dream: text('dream'),
    lifeCircumstance: text('life_circumstance'),
    location: varchar('location', { length: 200 }),
    interests: text('interests'),
    meetupInterests: text('meetup_interests').array().notNull().default(sql`'{}'::text[]`),
    lookingFor: text('looking_for').array().notNull().default(sql`'{}'::text[]`),
    hasGolfstarMembership: boolean('has_golfstar_membership').notNull().default(false),
    hasGolfamoreCard: boolean('has_golfamore_card').notNull().default(false),
    /**
     * The directory's search text: name, username, club and location, lower-case without accents
     * (sg_member_search_text, migration 0001). Stored, so a trigram match never recomputes unaccent.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`sg_member_search_text(full_name, username, club, location)`,
    ),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    // Privacy settings (issue 15).
    hiddenFromDirectory: boolean('hidden_from_directory').notNull().default(false),
    whoCanMessage: whoCanMessageEnum('who_can_message').notNull().default('members'),
    /** 'Vill ses igen' (issue 30): off, the member is neither asked about others nor listed to them. */
    meetAgainEnabled: boolean('meet_again_enabled').notNull().default(true),
    /** Set while an admin has suspended the member (sessions ended, login refused). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Set when the member deleted the account: the row stays, anonymised ('Borttagen medlem'). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When the current Pro subscription was bought (the 14-day withdrawal period runs from here). */
    proPurchasedAt: timestamp('pro_purchased_at', { withTimezone: true }),
    /** The member asked for Pro to start at once during the withdrawal period (a withdrawal then costs the days used). */
    proStartedImmediately: boolean('pro_started_immediately').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_unique').on(t.oidcIssuer, t.oidcSubject),
    uniqueIndex('users_stripe_customer_unique').on(t.stripeCustomerId),
    index('users_created_at_idx').on(t.createdAt),
    // The admin dashboard's latest profile updates.
    index('users_updated_at_idx').on(t.updatedAt),
    // Substring search (LIKE '%...%') over the search text at any directory size (pg_trgm, migration 0001).
    // The directory order (full_name, id) and handicap band indexes are in migration 0001.
    index('users_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('users_handicap_range', sql`${t.handicap} between -10 and 54`),
    check('users_age_range', sql`${t.age} between 18 and 120`),
  ],
);
