import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits when several instances share PostgreSQL
 * (`server/plugins/rate-limit-store.ts`): one row per limiter and caller, counting the requests of the
 * window that ends at `expires_at` (the window starts at the first request, as in the in-memory store).
 * UNLOGGED (hand-written in the migration): counters need no crash safety, and pg_dump leaves their rows
 * out (`--no-unlogged-table-data`). Expired rows are swept every minute.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The limiter (a route's method and URL) and the caller (`u:<member>` or `ip:<address>`). */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
