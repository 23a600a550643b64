import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/jobs';
import { finalizeDueResults } from './scoring.service';

/** pg-boss queue that makes results final 2 hours after the last score of a finished round (every 5 minutes). */
export const RESULTS_FINAL_QUEUE = 'results-final';

/**
 * Schedules the sweep that makes finished rounds final (RESULTS_FINAL_AFTER_MS after the last score, when
 * every player who started has a score on every hole); pg-boss's cron runs it on one instance at a time.
 */
export function registerScoringJobs(jobs: Jobs, o: { db: Db; log: FastifyBaseLogger }): void {
  jobs.onStart(async () => {
    await jobs.createQueue(RESULTS_FINAL_QUEUE, { policy: 'singleton', retryLimit: 1, expireInSeconds: 300 });
    await jobs.work(RESULTS_FINAL_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
      const events = await finalizeDueResults(o.db);
      if (events.length > 0) o.log.info({ events }, 'results made final automatically');
    });
    await jobs.schedule(RESULTS_FINAL_QUEUE, '*/5 * * * *');
    return undefined;
  });
}
