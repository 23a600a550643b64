import { and, asc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboundEmails } from '../db/schema';

/** A row of the outbox as enqueueEmails writes it. */
export type NewOutboundEmail = typeof outboundEmails.$inferInsert;

const ROWS_PER_INSERT = 500;

/** Writes new outbox rows, 500 to an INSERT, in the caller's transaction. */
export async function insertEmails(db: Db, rows: NewOutboundEmail[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db.insert(outboundEmails).values(rows.slice(i, i + ROWS_PER_INSERT));
  }
}

/** One NOTIFY on `channel` per payload, in one statement; delivered when the caller's transaction commits. */
export async function notifyOutbox(db: Db, channel: string, payloads: string[]): Promise<void> {
  await db.execute(
    sql`select pg_notify(${channel}, p) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) as p`,
  );
}

/** One claimed e-mail: what the sender needs to hand it to the SMTP server. */
export interface ClaimedEmail {
  id: string;
  recipient: string;
  subject: string;
  template: string;
  textBody: string;
  htmlBody: string;
  headers: string | null;
  attachments: { filename: string; contentType: string; content: string }[] | null;
  attempts: number;
}

/** A row is ready to send: queued and due, or `sending` under a lease that has run out (a crashed worker). */
const claimable = or(
  and(eq(outboundEmails.status, 'queued'), lte(outboundEmails.nextAttemptAt, sql`now()`)),
  and(eq(outboundEmails.status, 'sending'), lt(outboundEmails.lockedUntil, sql`now()`)),
);

/**
 * Claims the given e-mails for this worker in one statement: each row moves to `sending` with one
 * more attempt and a lease. Rows another worker holds, already sent, or not yet due are left alone,
 * so of several workers given the same id only one gets it. No transaction stays open afterwards.
 */
export async function claimEmails(db: Db, ids: string[], leaseSeconds: number): Promise<ClaimedEmail[]> {
  if (ids.length === 0) return [];
  return db
    .update(outboundEmails)
    .set({
      status: 'sending',
      attempts: sql`${outboundEmails.attempts} + 1`,
      lockedUntil: sql`now() + ${leaseSeconds} * interval '1 second'`,
    })
    .where(and(inArray(outboundEmails.id, ids), claimable))
    .returning({
      id: outboundEmails.id,
      recipient: outboundEmails.recipient,
      subject: outboundEmails.subject,
      template: outboundEmails.template,
      textBody: outboundEmails.textBody,
      htmlBody: outboundEmails.htmlBody,
      headers: outboundEmails.headers,
      attachments: outboundEmails.attachments,
      attempts: outboundEmails.attempts,
    });
}

/**
 * E-mails whose recipient and text are erased once sent: the confirmation of a deleted account is the
 * last trace of its address (GDPR Art. 17), kept only until it has been handed over.
 */
export const ERASED_WHEN_SENT = ['account-deleted'] as const;
const erasedWhenSent = sql`${outboundEmails.template} in ${sql.raw(`(${ERASED_WHEN_SENT.map((t) => `'${t}'`).join(', ')})`)}`;

/** Marks a claimed e-mail sent; false when the claim was lost meanwhile (its lease ran out and another took it). */
export async function markSent(db: Db, id: string, attempts: number): Promise<boolean> {
  const rows = await db
    .update(outboundEmails)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      lockedUntil: null,
      recipient: sql`case when ${erasedWhenSent} then 'borttagen' else ${outboundEmails.recipient} end`,
      textBody: sql`case when ${erasedWhenSent} then '' else ${outboundEmails.textBody} end`,
      htmlBody: sql`case when ${erasedWhenSent} then '' else ${outboundEmails.htmlBody} end`,
    })
    .where(
      and(
        eq(outboundEmails.id, id),
        eq(outboundEmails.status, 'sending'),
        eq(outboundEmails.attempts, attempts),
      ),
    )
    .returning({ id: outboundEmails.id });
  return rows.length === 1;
}

export interface FailureParams {
  id: string;
  attempts: number;
  error: string;
  /** null: give up (`failed`); else try again after this many seconds (`queued`). */
  retryInSeconds: number | null;
}

/** Records a failed attempt: back to `queued` with a later `next_attempt_at`, or `failed` for good. */
export async function markFailure(
  db: Db,
  p: FailureParams,
): Promise<{ status: string; nextAttemptAt: Date } | null> {
  const [row] = await db
    .update(outboundEmails)
    .set({
      status: p.retryInSeconds === null ? 'failed' : 'queued',
      lastError: p.error,
      lockedUntil: null,
      nextAttemptAt:
        p.retryInSeconds === null
          ? sql`${outboundEmails.nextAttemptAt}`
          : sql`now() + ${p.retryInSeconds} * interval '1 second'`,
    })
    .where(
      and(
        eq(outboundEmails.id, p.id),
        eq(outboundEmails.status, 'sending'),
        eq(outboundEmails.attempts, p.attempts),
      ),
    )
    .returning({ status: outboundEmails.status, nextAttemptAt: outboundEmails.nextAttemptAt });
  return row ?? null;
}

/** E-mails that are queued but not yet due (their retry waits), with when they are due. */
export async function waitingEmails(db: Db, ids: string[]): Promise<{ id: string; nextAttemptAt: Date }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: outboundEmails.id, nextAttemptAt: outboundEmails.nextAttemptAt })
    .from(outboundEmails)
    .where(
      and(
        inArray(outboundEmails.id, ids),
        eq(outboundEmails.status, 'queued'),
        gt(outboundEmails.nextAttemptAt, sql`now()`),
      ),
    );
}

/**
 * The sweeper's scan: e-mails ready to send (due `queued` rows and expired `sending` leases), oldest
 * due first, one page after the cursor `after` (the last row of the page before). Served by the
 * partial index `outbound_emails_due_idx`. (A Date holds milliseconds, the column microseconds: the
 * cursor can only fall short, so a row may come twice, which a duplicate job makes harmless, never be skipped.)
 */
export async function dueEmails(
  db: Db,
  limit: number,
  after?: { nextAttemptAt: Date; id: string },
): Promise<{ id: string; nextAttemptAt: Date }[]> {
  const cursor = after
    ? or(
        gt(outboundEmails.nextAttemptAt, after.nextAttemptAt),
        and(eq(outboundEmails.nextAttemptAt, after.nextAttemptAt), gt(outboundEmails.id, after.id)),
      )
    : undefined;
  return db
    .select({ id: outboundEmails.id, nextAttemptAt: outboundEmails.nextAttemptAt })
    .from(outboundEmails)
    .where(and(inArray(outboundEmails.status, ['queued', 'sending']), claimable, cursor))
    .orderBy(asc(outboundEmails.nextAttemptAt), asc(outboundEmails.id))
    .limit(limit);
}

/** How many e-mails wait in the queue (capture mode warns about them: nothing will send them). */
export async function countQueued(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboundEmails)
    .where(inArray(outboundEmails.status, ['queued', 'sending']));
  return row?.n ?? 0;
}

/** The outbox at a glance (metrics): rows by status, and the age in seconds of the oldest queued one (0: none). */
export interface OutboxStats {
  byStatus: Record<(typeof outboundEmails.status.enumValues)[number], number>;
  oldestQueuedSeconds: number;
}

/** Counts the outbox by status (its status index) and finds the oldest queued row, in one statement. */
export async function outboxStats(db: Db): Promise<OutboxStats> {
  const rows = await db
    .select({
      status: outboundEmails.status,
      count: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outboundEmails.createdAt})), 0)::float8`,
    })
    .from(outboundEmails)
    .groupBy(outboundEmails.status);
  const byStatus = Object.fromEntries(
    outboundEmails.status.enumValues.map((s) => [s, 0]),
  ) as OutboxStats['byStatus'];
  let oldestQueuedSeconds = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.count);
    if (row.status === 'queued') oldestQueuedSeconds = Math.max(0, Number(row.oldestSeconds));
  }
  return { byStatus, oldestQueuedSeconds };
}
