import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/jobs';
import { deleteClosedWindowAnswers } from './meet-again.service';

/** pg-boss queue that deletes the answers of closed 'Vill ses igen' windows (every hour). */
export const MEET_AGAIN_CLEANUP_QUEUE = 'meet-again-cleanup';

/** The job's handler: deletes what the closed windows leave (idempotent; tests call it directly). */
export async function runMeetAgainCleanup(o: { db: Db; log: FastifyBaseLogger }, now = new Date()) {
  const deleted = await deleteClosedWindowAnswers(o.db, now);
  if (deleted > 0) o.log.info({ deleted }, "'Vill ses igen' answers of closed windows deleted");
  return deleted;
}

/** Schedules the deletion every hour (one instance at a time). */
export function registerMeetAgainJobs(jobs: Jobs, o: { db: Db; log: FastifyBaseLogger }): void {
  jobs.onStart(async () => {
    await jobs.createQueue(MEET_AGAIN_CLEANUP_QUEUE, {
      policy: 'singleton',
      retryLimit: 2,
      expireInSeconds: 600,
    });
    await jobs.work(MEET_AGAIN_CLEANUP_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
      await runMeetAgainCleanup(o);
    });
    await jobs.schedule(MEET_AGAIN_CLEANUP_QUEUE, '23 * * * *');
    return undefined;
  });
}
