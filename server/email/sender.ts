import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db } from '../db/client';
import { type ClaimedEmail, claimEmails, markFailure, markSent, waitingEmails } from './outbox.queries';

/** The longest wait between two attempts. */
const MAX_RETRY_SECONDS = 6 * 60 * 60;

/** Seconds to wait after failed attempt number `attempts` (1, 2, …): base, 4×base, 16×base, … capped. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(MAX_RETRY_SECONDS, baseSeconds * 4 ** Math.max(0, attempts - 1));
}

export interface SenderOptions {
  smtpUrl: string;
  /** The From header. */
  from: string;
  /** PUBLIC_URL: its host names every Message-ID. */
  publicUrl: string;
  retryBaseSeconds: number;
  maxAttempts: number;
  /** How long a claim holds a row (a crashed worker's rows are taken up after it). */
  leaseSeconds?: number;
  /** SMTP connections in the pool, also how many e-mails of a batch are sent at once. */
  maxConnections?: number;
}

/** What became of one e-mail the sender was given. */
export type Delivery =
  | { id: string; outcome: 'sent' }
  | { id: string; outcome: 'retry'; at: Date }
  | { id: string; outcome: 'failed' }
  /** Not claimed: already sent, held by another worker, captured, or not yet due (then `at`). */
  | { id: string; outcome: 'skipped'; at?: Date };

export interface EmailSender {
  /**
   * Claims, sends and records the given outbox rows; never throws for an SMTP error (only for the
   * database). Once `shouldStop()` answers true no further row is claimed (they stay queued).
   */
  deliver(ids: string[], shouldStop?: () => boolean): Promise<Delivery[]>;
  close(): void;
}

/** The Message-ID of an outbox row: the same on every attempt, so a receiver can drop a duplicate. */
export function messageIdFor(id: string, publicUrl: string): string {
  return `<${id}@${new URL(publicUrl).hostname}>`;
}

/** A rejected recipient (5xx to RCPT TO) will not be accepted later either: no point retrying. */
function isPermanent(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number; command?: string };
  return e.code === 'EENVELOPE' && e.command === 'RCPT TO' && (e.responseCode ?? 0) >= 500;
}

function describe(err: unknown): string {
  const e = err as { code?: string; response?: string; message?: string };
  const text = [e.code, e.response ?? e.message ?? String(err)].filter(Boolean).join(': ');
  return text.slice(0, 1000);
}

/**
 * The SMTP side of the outbox: one pooled nodemailer transport from SMTP_URL, created once. Each
 * e-mail is claimed first (one UPDATE), sent with no transaction open, then marked `sent`, or
 * re-queued with a growing delay, or `failed` after the last attempt.
 */
export function createEmailSender(db: Db, opts: SenderOptions, log: FastifyBaseLogger): EmailSender {
  const maxConnections = opts.maxConnections ?? 5;
  const leaseSeconds = opts.leaseSeconds ?? 600;
  const transport = createTransport({
    url: opts.smtpUrl,
    pool: true,
    maxConnections,
    maxMessages: 100,
    // Bounded well inside the lease, so a hung server never lets a claim run out mid-send.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });

  async function sendOne(email: ClaimedEmail): Promise<Delivery> {
    try {
      await transport.sendMail({
        from: opts.from,
        to: email.recipient,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody,
        messageId: messageIdFor(email.id, opts.publicUrl),
        headers: email.headers ? (JSON.parse(email.headers) as Record<string, string>) : undefined,
        attachments: email.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    } catch (err) {
      const giveUp = isPermanent(err) || email.attempts >= opts.maxAttempts;
      const retryIn = giveUp ? null : retryDelaySeconds(email.attempts, opts.retryBaseSeconds);
      const row = await markFailure(db, {
        id: email.id,
        attempts: email.attempts,
        error: describe(err),
        retryInSeconds: retryIn,
      });
      log.warn(
        {
          emailId: email.id,
          template: email.template,
          attempts: email.attempts,
          err: describe(err),
          retryIn,
        },
        giveUp ? 'e-mail failed for good' : 'e-mail attempt failed; will retry',
      );
      if (!row || row.status === 'failed') return { id: email.id, outcome: 'failed' };
      return { id: email.id, outcome: 'retry', at: row.nextAttemptAt };
    }
    if (!(await markSent(db, email.id, email.attempts))) {
      log.warn({ emailId: email.id }, 'e-mail sent after its claim ran out');
    }
    log.info({ emailId: email.id, template: email.template, attempts: email.attempts }, 'e-mail sent');
    return { id: email.id, outcome: 'sent' };
  }

  return {
    async deliver(ids, shouldStop = () => false) {
      const results: Delivery[] = [];
      const notClaimed: string[] = [];
      // Each e-mail is claimed just before it is sent, so a stopping worker leaves the rest queued
      // for the next one. At most `maxConnections` in flight: the pool would only queue the rest.
      let next = 0;
      const lane = async () => {
        while (next < ids.length && !shouldStop()) {
          const id = ids[next++];
          const [email] = await claimEmails(db, [id], leaseSeconds);
          if (email) results.push(await sendOne(email));
          else notClaimed.push(id);
        }
      };
      await Promise.all(Array.from({ length: Math.min(maxConnections, ids.length) }, lane));
      if (notClaimed.length > 0) {
        const waiting = new Map((await waitingEmails(db, notClaimed)).map((w) => [w.id, w.nextAttemptAt]));
        for (const id of notClaimed) results.push({ id, outcome: 'skipped', at: waiting.get(id) });
      }
      return results;
    },
    close() {
      transport.close();
    },
  };
}
