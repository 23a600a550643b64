import { msg } from '@common/messages';
import type { Message, MessageSender } from '@common/schemas/messages';
import type { MessageRow, SenderRow } from './messages.queries';

/** The sender's name and picture, nothing private. */
export function presentSender(s: SenderRow): MessageSender {
  return {
    id: s.id,
    firstName: s.firstName,
    lastName: s.lastName,
    fullName: s.fullName,
    username: s.username,
    profileImageId: s.profileImageId,
    profileImageUrl: s.profileImageUrl,
  };
}

/**
 * A message as the API and the WebSocket send it; content is plain text, never HTML. A message a
 * moderator removed keeps its place (the latest of a conversation) but not its text.
 */
export function presentMessage(m: MessageRow, sender: SenderRow): Message {
  return {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    eventId: m.eventId,
    content: m.removedAt ? msg.messageRemoved : m.content,
    read: m.read,
    sentAt: m.sentAt.toISOString(),
    isGroupMessage: m.isGroupMessage,
    sender: presentSender(sender),
  };
}
