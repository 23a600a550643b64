import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messages } from '../db/schema';

/**
 * A member's messages (the member's data export): direct messages sent and received and the member's own
 * group-chat messages, not removed ones; oldest first.
 */
export async function listMemberMessages(db: Db, userId: string) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        or(
          eq(messages.senderId, userId),
          and(eq(messages.receiverId, userId), eq(messages.isGroupMessage, false)),
        ),
        isNull(messages.removedAt),
      ),
    )
    .orderBy(asc(messages.sentAt), asc(messages.id));
}
