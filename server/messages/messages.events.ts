import type { MessageRow, SenderRow } from './messages.queries';

/**
 * What happens to messages, told to the domains above (issue 31): notifications write the receiver's
 * notice, realtime pushes the message to the sockets. Published inside the sending transaction.
 */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /**
     * A direct or group chat message was stored. `noticeDelaySeconds`: how long its e-mail/push waits
     * (the receiver may read it meanwhile), the app's setting of the moment.
     */
    'message.sent': { message: MessageRow; sender: SenderRow; noticeDelaySeconds: number };
    /** The spam check found these near-same first messages of the sender within the hour. */
    'sender.flagged': { senderId: string; samples: string[] };
    /** A member opened a thread: `markedRead` of the partner's messages became read (0: none were unread). */
    'conversation.read': { readerId: string; partnerId: string; markedRead: number };
  }
}
