import type { WhoCanMessage } from '@common/options';
import { type Actor, isAdmin, isSelf } from '../auth/auth.policy';

/** A member may block anyone but themselves. */
export const canBlock = (actor: Actor, userId: string): boolean => !isSelf(actor, userId);

/** Whether blocks hide members from this viewer: from members, not from admins (moderation). */
export const blocksHideMembersFrom = (viewer: Actor): boolean => !isAdmin(viewer);

/**
 * Whether the viewer may see a member (the directory, the profile): always oneself; admins everyone
 * (moderation needs it, also members who blocked them); anyone else only while neither has blocked the
 * other. `blocked` is true when a block exists in either direction.
 */
export const canSeeMember = (viewer: Actor, memberId: string, blocked: boolean): boolean =>
  isSelf(viewer, memberId) || !blocksHideMembersFrom(viewer) || !blocked;

/** Whether the viewer's directory includes members who chose 'Dölj mig i medlemslistan': admins only. */
export const seesHiddenMembers = (viewer: Actor): boolean => isAdmin(viewer);

/** What decides whether a sender may write a direct message to a recipient. */
export interface MessagingFacts {
  /** The recipient's 'Vem får skriva till mig'. */
  whoCanMessage: WhoCanMessage;
  /** A block between the two, in either direction. */
  blocked: boolean;
  /** The recipient has written a direct message to the sender at some time. */
  recipientWroteToSender: boolean;
  /** Both have a live registration (not cancelled) for one and the same event. */
  sharedEvent: boolean;
}

/**
 * Whether `sender` may send a direct message to the recipient now (a first message or any later one):
 * - never while either has blocked the other (admins included: a block is mutual);
 * - admins otherwise always (the site must be able to reach its members);
 * - 'members': any member;
 * - 'contacts': members the recipient has written to, or who are registered for the same event;
 * - 'nobody': no one starts a conversation; only a member the recipient has written to may answer.
 */
export function canSendDirectMessage(sender: Actor, facts: MessagingFacts): boolean {
  if (facts.blocked) return false;
  if (isAdmin(sender)) return true;
  switch (facts.whoCanMessage) {
    case 'members':
      return true;
    case 'contacts':
      return facts.recipientWroteToSender || facts.sharedEvent;
    case 'nobody':
      return facts.recipientWroteToSender;
  }
}
