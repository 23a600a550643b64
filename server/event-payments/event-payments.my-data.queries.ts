import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { registrationRefunds } from '../db/schema';

/** The refunds of these registrations (the member's data export). */
export async function listRefundsOf(db: Db, registrationIds: number[]) {
  if (registrationIds.length === 0) return [];
  return db
    .select()
    .from(registrationRefunds)
    .where(inArray(registrationRefunds.registrationId, registrationIds));
}
