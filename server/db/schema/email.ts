import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { EMAIL_MAX_LENGTH } from '../../../common/limits';

/**
 * queued: waiting for the sender job; sending: claimed by one worker (lease until `lockedUntil`);
 * sent: accepted by the SMTP server; failed: gave up after the last attempt;
 * captured: no SMTP_URL, kept here for administrators to read (never leaves the machine).
 */
export const emailStatusEnum = pgEnum('email_status', ['queued', 'sending', 'sent', 'failed', 'captured']);

/**
 * The outbox: every e-mail the site sends, written in the same transaction as the change that
 * causes it and delivered by a background job (server/email/). A row is claimed by one worker at a
 * time, so an e-mail is never handed to the SMTP server twice.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    recipient: varchar('recipient', { length: EMAIL_MAX_LENGTH }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    template: varchar('template', { length: 60 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers (e.g. List-Unsubscribe) as a JSON object of strings. */
    headers: text('headers'),
    /** Files sent with the e-mail (e.g. an event's .ics): `[{ filename, contentType, content }]`, content as text. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    status: emailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not before this time (growing back-off after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: the worker's lease; a crashed worker's row is taken up again after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // The admin page lists newest first, optionally by status.
    index('outbound_emails_created_idx').on(t.createdAt),
    index('outbound_emails_status_created_idx').on(t.status, t.createdAt),
    // The sweeper's scan of due rows.
    index('outbound_emails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('outbound_emails_recipient_idx').on(sql`lower(${t.recipient})`),
    check('outbound_emails_attempts_nonneg', sql`${t.attempts} >= 0`),
  ],
);
