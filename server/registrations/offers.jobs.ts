import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/jobs';
import { expireOffers } from './offers.service';

/** pg-boss queue that passes expired waitlist offers to the next in line (every minute). */
export const OFFERS_QUEUE = 'waitlist-offers';

/**
 * Schedules the offer sweep every minute (pg-boss's cron runs it on one instance at a time). An offer
 * can never be accepted after its expiry (accept re-checks the time); the sweep only hands the place on.
 */
export function registerOfferJobs(jobs: Jobs, o: { db: Db; log: FastifyBaseLogger }): void {
  jobs.onStart(async () => {
    await jobs.createQueue(OFFERS_QUEUE, { policy: 'singleton', retryLimit: 1, expireInSeconds: 300 });
    await jobs.work(OFFERS_QUEUE, { pollingIntervalSeconds: 15 }, async () => {
      const { expired, offered } = await expireOffers(o.db);
      if (expired > 0) o.log.info({ expired, offered }, 'waitlist offers expired and passed on');
    });
    await jobs.schedule(OFFERS_QUEUE, '* * * * *');
    return undefined;
  });
}
