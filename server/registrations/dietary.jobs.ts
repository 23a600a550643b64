import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/jobs';
import { eraseExpiredDietaryData } from './dietary';

/** pg-boss queue that erases dietary data 30 days after each event (every hour). */
export const DIETARY_ERASE_QUEUE = 'dietary-erase';

/** Schedules the erasure of dietary needs and allergies every hour (one instance at a time). */
export function registerDietaryJobs(jobs: Jobs, o: { db: Db; log: FastifyBaseLogger }): void {
  jobs.onStart(async () => {
    await jobs.createQueue(DIETARY_ERASE_QUEUE, { policy: 'singleton', retryLimit: 2, expireInSeconds: 600 });
    await jobs.work(DIETARY_ERASE_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
      const erased = await eraseExpiredDietaryData(o.db);
      if (erased > 0) o.log.info({ erased }, 'dietary data of ended events erased');
    });
    await jobs.schedule(DIETARY_ERASE_QUEUE, '17 * * * *');
    return undefined;
  });
}
