import { msg } from '@common/messages';
import {
  largestNearSameGroup,
  NEW_CONVERSATIONS_PER_HOUR,
  SPAM_FLAG_SAME_FIRST_MESSAGES,
} from '@common/rules/moderation';
import { type Actor, isAdmin } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { DomainError } from '../errors';
import { firstMessagesOfTheHour, hasConversation, lockNewConversations } from './message-spam.queries';

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
 * is flagged to the moderators (`sender.flagged`: reports keep one open flag at a time). Admins are
 * not limited. Serialised per sender (advisory lock), so simultaneous sends cannot pass the limit together.
 */
export async function checkNewConversation(
  tx: Db,
  sender: Actor,
  receiverId: string,
  content: string,
): Promise<void> {
  if (isAdmin(sender)) return;
  if (await hasConversation(tx, sender.id, receiverId)) return;
  await lockNewConversations(tx, sender.id);
  const firsts = await firstMessagesOfTheHour(tx, sender.id);
  if (firsts.length >= NEW_CONVERSATIONS_PER_HOUR) throw new NewConversationLimitError();
  const same = largestNearSameGroup([...firsts, content]);
  if (same.length >= SPAM_FLAG_SAME_FIRST_MESSAGES) {
    await publish(tx, 'sender.flagged', { senderId: sender.id, samples: same });
  }
}
