import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { proWithdrawals, users } from '../db/schema';

export type ProWithdrawalRow = typeof proWithdrawals.$inferSelect;

/** A member's row by id. */
export async function findUserRow(db: Db, userId: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, userId));
  return rows[0];
}

/** The withdrawal from one Pro purchase (the purchase is told by its time), if made. */
export async function findWithdrawalId(
  db: Db,
  userId: string,
  purchasedAt: Date,
): Promise<{ id: number } | undefined> {
  const rows = await db
    .select({ id: proWithdrawals.id })
    .from(proWithdrawals)
    .where(and(eq(proWithdrawals.userId, userId), eq(proWithdrawals.purchasedAt, purchasedAt)));
  return rows[0];
}

/** Stores a withdrawal (its refund not yet made). */
export async function insertWithdrawal(
  db: Db,
  values: { userId: string; purchasedAt: Date; withdrawnAt: Date; refundAmount: number },
): Promise<ProWithdrawalRow> {
  const [row] = await db.insert(proWithdrawals).values(values).returning();
  return row;
}

/** Takes a reserved withdrawal back (the provider failed). */
export async function deleteWithdrawal(db: Db, id: number): Promise<void> {
  await db.delete(proWithdrawals).where(eq(proWithdrawals.id, id));
}

/** Records the provider's refund of a withdrawal (null: nothing was refunded). */
export async function setWithdrawalRefundId(
  db: Db,
  id: number,
  providerRefundId: string | null,
): Promise<void> {
  await db.update(proWithdrawals).set({ providerRefundId }).where(eq(proWithdrawals.id, id));
}

/** Ends a member's Pro at once (withdrawn): free, subscription cancelled. */
export async function endProNow(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ membershipType: 'free', subscriptionStatus: 'canceled', updatedAt: now })
    .where(eq(users.id, userId));
}
