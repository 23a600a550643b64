import type { Db } from '../db/client';
import { eraseDietaryDataEndedBefore } from './registrations.queries';

/** Dietary needs and allergies are kept this long after their event has ended, then erased. */
export const DIETARY_RETENTION_DAYS = 30;

/**
 * Erases the dietary needs, allergies and the consent to keep them from every registration (cancelled
 * ones too) of an event that ended more than DIETARY_RETENTION_DAYS ago. Answers how many were erased.
 */
export async function eraseExpiredDietaryData(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DIETARY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  return eraseDietaryDataEndedBefore(db, cutoff);
}
