import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedback, newsletterSubscribers } from '../db/schema';

export type FeedbackRow = typeof feedback.$inferSelect;

/** Stores a member's feedback; answers the row. */
export async function insertFeedback(
  db: Db,
  p: { userId: string; rating: number; comment: string | null },
): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(p).returning();
  return row;
}

/** Adds an address to the newsletter (a repeated address changes nothing). */
export async function insertNewsletterSubscriber(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}

/** Account deletion: the address leaves the newsletter. */
export async function eraseNewsletterAddress(tx: Db, email: string): Promise<void> {
  await tx.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
}

/** Account deletion: the member's feedback stays, no longer theirs. */
export async function detachMemberFeedback(tx: Db, userId: string): Promise<void> {
  await tx.update(feedback).set({ userId: null }).where(eq(feedback.userId, userId));
}
