import { msg } from '@common/messages';
import { and, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';

/**
 * The in-app notices that quote a removed message (a direct message's, a group chat's first message)
 * lose the quote.
 */
export async function unquoteRemovedMessage(tx: Db, messageId: string): Promise<void> {
  await tx
    .update(notifications)
    .set({ body: msg.messageRemoved })
    .where(
      and(
        inArray(notifications.type, ['direct_message', 'group_message']),
        or(
          sql`${notifications.data}->>'lastMessageId' = ${messageId}`,
          sql`${notifications.data}->>'firstMessageId' = ${messageId}`,
        ),
      ),
    );
}
