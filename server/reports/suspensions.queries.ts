import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** A member's address and first name for an e-mail, unless the account was deleted; or undefined. */
export async function findLiveMemberContact(tx: Db, userId: string) {
  const [row] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Marks a member suspended (login refused) from `now`. */
export async function markSuspended(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ suspendedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

/** Ends a member's suspension; the member's contact, or undefined when unknown or not suspended. */
export async function liftSuspension(tx: Db, userId: string) {
  const [member] = await tx
    .update(users)
    .set({ suspendedAt: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, deletedAt: users.deletedAt });
  return member;
}
