import { NEW_CONVERSATIONS_PER_HOUR } from '@common/rules/moderation';
import { and, desc, eq, gt, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { messageConversations, messages } from '../db/schema';

/** Whether the member already has a conversation with the partner (either wrote first). */
export async function hasConversation(db: Db, userId: string, partnerId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: messageConversations.userId })
    .from(messageConversations)
    .where(and(eq(messageConversations.userId, userId), eq(messageConversations.partnerId, partnerId)))
    .limit(1);
  return !!row;
}

/** Serialises the sender's first messages to new members until the transaction ends (advisory lock). */
export async function lockNewConversations(tx: Db, senderId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dm-new:${senderId}`}))`);
}

/**
 * The sender's first messages of the last hour: messages to a member with no earlier message between
 * the two in either direction (the pair and receiver indexes answer each check).
 */
export async function firstMessagesOfTheHour(tx: Db, senderId: string): Promise<string[]> {
  const earlier = alias(messages, 'earlier');
  const rows = await tx
    .select({ content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.senderId, senderId),
        isNotNull(messages.receiverId),
        gt(messages.sentAt, sql`now() - interval '1 hour'`),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                lt(earlier.id, messages.id),
                or(
                  and(eq(earlier.senderId, messages.senderId), eq(earlier.receiverId, messages.receiverId)),
                  and(eq(earlier.senderId, messages.receiverId), eq(earlier.receiverId, messages.senderId)),
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(NEW_CONVERSATIONS_PER_HOUR * 2);
  return rows.map((r) => r.content);
}
