import type { Subscriptions } from '../domain-events/domain-events';
import { findEventTitle } from '../events/events.queries';
import { markDirectMessageNoticesRead, notifyDirectMessage, notifyGroupMessage } from './message-notices';

/**
 * The notices of messages (issue 31), in the message's transaction: the receiver's notice of a direct
 * message, the group chat digest of an event; opening a thread marks its notices read.
 */
export const messageNoticeSubscriptions: Subscriptions = {
  'message.sent': async (tx, { message, sender, noticeDelaySeconds }) => {
    if (message.isGroupMessage && message.eventId !== null) {
      const event = await findEventTitle(tx, message.eventId);
      if (!event) return;
      const { id, senderId, eventId, content } = { ...message, eventId: message.eventId };
      await notifyGroupMessage(tx, { id, senderId, eventId, content }, event, noticeDelaySeconds);
      return;
    }
    if (message.receiverId === null) return;
    const { id, senderId, receiverId, content } = { ...message, receiverId: message.receiverId };
    await notifyDirectMessage(tx, { id, senderId, receiverId, content }, sender, noticeDelaySeconds);
  },
  'conversation.read': (tx, { readerId, partnerId }) => markDirectMessageNoticesRead(tx, readerId, partnerId),
};
