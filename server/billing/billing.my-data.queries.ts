import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { membershipChanges, proWithdrawals } from '../db/schema';

/** The changes of a member's membership type (the member's data export). */
export async function listMembershipChangesOf(db: Db, userId: string) {
  return db.select().from(membershipChanges).where(eq(membershipChanges.userId, userId));
}

/** A member's withdrawals from Pro (the member's data export). */
export async function listProWithdrawalsOf(db: Db, userId: string) {
  return db.select().from(proWithdrawals).where(eq(proWithdrawals.userId, userId));
}
