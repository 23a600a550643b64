import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Jobs } from '../jobs/jobs';
import { OUTBOX_CHANNEL } from './outbox';
import { countQueued, dueEmails } from './outbox.queries';
import { createEmailSender, type Delivery, type SenderOptions } from './sender';

/** pg-boss queue of e-mails to send: data `{ id }` (the outbox id), singleton key the same id. */
export const EMAIL_SEND_QUEUE = 'email-send';
/** pg-boss queue of the sweeper (scheduled every minute). */
export const EMAIL_SWEEP_QUEUE = 'email-sweep';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface EmailJobsOptions {
  database: Database;
  /** null in capture mode (no SMTP_URL): nothing is sent; the sweeper only warns about queued rows. */
  sender: SenderOptions | null;
  log: FastifyBaseLogger;
  /** E-mails claimed together by one worker fetch. */
  batchSize?: number;
}

/**
 * Wires the outbox to pg-boss when the jobs start:
 * - a NOTIFY on `sg_outbox` (sent at commit by enqueueEmail(s), the ids) becomes `email-send` jobs at once;
 * - the `email-send` worker claims and sends (see sender.ts); a retry becomes a job due at its time;
 * - the sweeper (at start, then every minute) makes jobs for due rows and expired leases, so nothing
 *   is lost to a restart, a crash or a missed notification.
 * A job only says "look at row X": the claim on the row decides who sends, so duplicate jobs
 * (several instances, sweeper and NOTIFY together) never send an e-mail twice.
 */
export function registerEmailJobs(jobs: Jobs, o: EmailJobsOptions): void {
  const db = o.database.db;
  const log = o.log;

  jobs.onStart(async () => {
    await jobs.createQueue(EMAIL_SWEEP_QUEUE, { policy: 'short', retryLimit: 0, expireInSeconds: 120 });

    if (!o.sender) {
      // Capture mode: e-mails are stored as `captured`. Rows queued while SMTP was configured wait for it.
      const warnQueued = async () => {
        const n = await countQueued(db);
        if (n > 0)
          log.warn({ queued: n }, 'e-mails are queued but SMTP_URL is not set: they are sent once it is');
      };
      await jobs.work(EMAIL_SWEEP_QUEUE, { pollingIntervalSeconds: 10 }, warnQueued);
      await jobs.schedule(EMAIL_SWEEP_QUEUE, '* * * * *');
      await warnQueued().catch((err) => log.warn({ err }, 'e-mail sweep failed'));
      return undefined;
    }

    await jobs.createQueue(EMAIL_SEND_QUEUE, {
      // 'short': at most one waiting job per singleton key (outbox id), so duplicates are dropped on insert.
      policy: 'short',
      // One retry layer, the outbox's own (sender.ts: attempts, back-off and `failed` kept in the row, shown
      // on 'E-post'), not pg-boss's: a job only says "look at row X", and a job that fails leaves the row
      // queued (or `sending` under a lease that runs out), which the sweeper finds within a minute. A
      // pg-boss retry of it would find nothing to claim, so retrying jobs as well only added a second clock.
      retryLimit: 0,
      expireInSeconds: 300,
    });
    const sender = createEmailSender(db, o.sender, log);
    const batchSize = o.batchSize ?? 25;
    let workerId = '';
    const timers = new Set<NodeJS.Timeout>();

    /** Jobs for the given rows, due now; then the worker is woken instead of waiting for its poll. */
    const enqueueJobs = async (ids: string[]) => {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        await jobs.insert(chunk.map((id) => ({ name: EMAIL_SEND_QUEUE, data: { id }, singletonKey: id })));
      }
      if (ids.length > 0) jobs.notifyWorker(workerId);
    };

    /** A job due when the row is (a retry's back-off), and a wake-up then if it is soon. */
    const enqueueLater = async (id: string, at: Date) => {
      await jobs.send(EMAIL_SEND_QUEUE, { id }, { singletonKey: id, startAfter: at });
      const wait = at.getTime() - Date.now() + 250;
      if (wait < 10 * 60_000) {
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            jobs.notifyWorker(workerId);
          },
          Math.max(0, wait),
        );
        timer.unref();
        timers.add(timer);
      }
    };

    workerId = await jobs.work<{ id: string }>(
      EMAIL_SEND_QUEUE,
      { batchSize, pollingIntervalSeconds: 2 },
      async (list) => {
        const ids = [...new Set(list.map((j) => j.data.id).filter((id) => uuid.test(id)))];
        const results: Delivery[] = await sender.deliver(ids, () => jobs.stopping);
        for (const r of results) {
          if ((r.outcome === 'retry' || r.outcome === 'skipped') && r.at) await enqueueLater(r.id, r.at);
        }
        // pg-boss waits a whole polling interval after a batch; a full batch means more are likely waiting.
        if (list.length >= batchSize) jobs.notifyWorker(workerId);
      },
    );

    // A page at a time, so a long backlog (after an outage) is queued in one sweep, not 1,000 a minute.
    const sweep = async () => {
      let after: { id: string; nextAttemptAt: Date } | undefined;
      for (let pages = 0; pages < 50; pages++) {
        const page = await dueEmails(db, 1000, after);
        await enqueueJobs(page.map((r) => r.id));
        if (page.length < 1000) return;
        after = page[page.length - 1];
      }
    };
    await jobs.work(EMAIL_SWEEP_QUEUE, { pollingIntervalSeconds: 10 }, sweep);
    await jobs.schedule(EMAIL_SWEEP_QUEUE, '* * * * *');

    // NOTIFYs arrive at commit, often many at once (one per committed batch): gather them for one insert.
    const notified = new Set<string>();
    let flushTimer: NodeJS.Timeout | null = null;
    let flushing: Promise<void> = Promise.resolve();
    const flush = () => {
      flushTimer = null;
      const ids = [...notified];
      notified.clear();
      flushing = flushing
        .then(() => enqueueJobs(ids))
        .catch((err) => log.warn({ err }, 'queueing notified e-mails failed; the sweeper will pick them up'));
    };
    const unlisten = await o.database.listen(OUTBOX_CHANNEL, (payload) => {
      // The ids of the e-mails one enqueueEmails committed, comma-separated.
      for (const id of payload.split(',')) if (uuid.test(id)) notified.add(id);
      if (notified.size > 0) flushTimer ??= setTimeout(flush, 10);
    });

    // Whatever was left by an earlier run (stopped, crashed, or before this instance listened).
    await sweep().catch((err) => log.warn({ err }, 'e-mail sweep failed'));

    return {
      async beforeStop() {
        await unlisten();
        if (flushTimer) clearTimeout(flushTimer);
        flushTimer = null;
        notified.clear();
        for (const t of timers) clearTimeout(t);
        timers.clear();
        await flushing;
      },
      async afterStop() {
        sender.close();
      },
    };
  });
}
