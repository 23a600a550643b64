import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userPresence } from '../db/schema';

/** Account deletion: the member's presence row goes. */
export async function eraseMemberPresence(tx: Db, userId: string): Promise<void> {
  await tx.delete(userPresence).where(eq(userPresence.userId, userId));
}
