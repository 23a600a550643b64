import type { Subscriptions } from '../domain-events/domain-events';
import { presentMessage } from '../messages/messages.presenter';
import { messageRecipients } from '../messages/messages.service';
import { publishToUsers } from './realtime.publish';

/**
 * Live delivery of what the domains below publish (issue 31): each push is a NOTIFY through the
 * publisher's transaction, so PostgreSQL sends it at commit, only if it commits, before the request
 * answers (as the routes' own pushes after the commit did before). The realtime hub of every instance
 * listens on REALTIME_CHANNEL (realtime.routes.ts).
 */
export const realtimeSubscriptions: Subscriptions = {
  'waitlist.promoted': async (tx, { notices }) => {
    for (const n of notices) {
      try {
        await publishToUsers(tx, [n.userId], {
          type: 'event_notification',
          data: { notification: { ...n, createdAt: n.createdAt.toISOString() } },
        });
      } catch {
        // Too large for a NOTIFY (refused before any statement, so the transaction goes on): the notice
        // row is stored, and the member sees it on the next load.
      }
    }
  },
  'message.sent': async (tx, { message, sender }) => {
    await publishToUsers(tx, await messageRecipients(tx, message), {
      type: 'new_message',
      data: { message: presentMessage(message, sender) },
    });
  },
  'conversation.read': async (tx, { readerId, partnerId, markedRead }) => {
    // The reader's other tabs and devices clear their unread marks of the thread.
    if (markedRead > 0) {
      await publishToUsers(tx, [readerId], { type: 'messages_read', data: { userId: partnerId } });
    }
  },
};
