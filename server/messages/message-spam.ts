import { msg } from '@common/messages';
import {
  largestNearSameGroup,
  NEW_CONVERSATIONS_PER_HOUR,
  SPAM_FLAG_SAME_FIRST_MESSAGES,
} from '@common/rules/moderation';
import { and, desc, eq, gt, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Actor, isAdmin } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { messageConversations, messages, reports } from '../db/schema';
import { DomainError } from '../errors';

/** Too many new conversations in the hour (429). */
export class NewConversationLimitError extends DomainError {
  readonly retryAfterSeconds = 15 * 60;
  constructor() {
    super(msg.newConversationLimit, 429);
  }
}

/**
 * The direct-message spam limit (issue 15), run in the sending transaction before the message is
 * stored. Only a first message to a member never written with counts; a member who has started
 * NEW_CONVERSATIONS_PER_HOUR conversations within the hour is refused (429) until the oldest leaves the
 * hour, and one whose first messages of the hour include SPAM_FLAG_SAME_FIRST_MESSAGES near-same ones
 * is flagged to the moderators (one open flag at a time). Admins are not limited. Serialised per sender
 * (advisory lock), so simultaneous sends cannot pass the limit together.
 */
export async function checkNewConversation(
  tx: Db,
  sender: Actor,
  receiverId: string,
  content: string,
): Promise<void> {
  if (isAdmin(sender)) return;
  const [existing] = await tx
    .select({ userId: messageConversations.userId })
    .from(messageConversations)
    .where(and(eq(messageConversations.userId, sender.id), eq(messageConversations.partnerId, receiverId)))
    .limit(1);
  if (existing) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dm-new:${sender.id}`}))`);
  const firsts = await firstMessagesOfTheHour(tx, sender.id);
  if (firsts.length >= NEW_CONVERSATIONS_PER_HOUR) throw new NewConversationLimitError();
  const same = largestNearSameGroup([...firsts, content]);
  if (same.length >= SPAM_FLAG_SAME_FIRST_MESSAGES) await flagSender(tx, sender.id, same);
}

/**
 * The sender's first messages of the last hour: messages to a member with no earlier message between
 * the two in either direction (the pair and receiver indexes answer each check).
 */
async function firstMessagesOfTheHour(tx: Db, senderId: string): Promise<string[]> {
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

/** A report by the site itself (no reporter) of the sender, with samples, unless one is open. */
async function flagSender(tx: Db, senderId: string, samples: string[]): Promise<void> {
  const [open] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        isNull(reports.reporterId),
        eq(reports.targetType, 'user'),
        eq(reports.targetId, senderId),
        eq(reports.reason, 'spam'),
        isNull(reports.decidedAt),
      ),
    )
    .limit(1);
  if (open) return;
  await tx.insert(reports).values({
    reporterId: null,
    targetType: 'user',
    targetId: senderId,
    targetUserId: senderId,
    reason: 'spam',
    details: `Flaggad automatiskt: ${samples.length} nästan likadana första meddelanden till olika medlemmar inom en timme.`,
    snapshot: { samples: samples.slice(0, 5).map((s) => s.slice(0, 500)) },
  });
}
