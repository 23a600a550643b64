import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { EMAIL_MAX_LENGTH } from '../../../common/limits';
import { users } from './users';

/** Ratings and comments from the floating feedback button. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('feedback_rating_range', sql`${t.rating} between 1 and 5`),
    check('feedback_comment_length', sql`char_length(${t.comment}) <= 300`),
    index('feedback_created_at_idx').on(t.createdAt),
  ],
);

/** Footer newsletter sign-ups: one row per address, with the time consent was given. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: EMAIL_MAX_LENGTH }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_email_unique').on(sql`lower(${t.email})`)],
);
