import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messages } from '../db/schema';

/** A moderator's 'Ta bort innehållet': the message is marked removed (once). */
export async function markMessageRemoved(tx: Db, messageId: number, now: Date): Promise<void> {
  await tx
    .update(messages)
    .set({ removedAt: now })
    .where(and(eq(messages.id, messageId), isNull(messages.removedAt)));
}
