import '../reports/reports.events';
import type { Subscriptions } from '../domain-events/domain-events';
import { unquoteRemovedMessage } from './removed-content.queries';

/** What notifications do when a moderator removes a message: the notices quoting it lose the quote. */
export const reportSubscriptions: Subscriptions = {
  'message.removed': async (tx, { messageId }) => {
    await unquoteRemovedMessage(tx, messageId);
  },
};
