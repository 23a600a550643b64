import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';

/** Account deletion: the member's push subscriptions go. */
export async function eraseMemberPushSubscriptions(tx: Db, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
