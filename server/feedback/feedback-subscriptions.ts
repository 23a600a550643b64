import '../auth/auth.events';
import type { Subscriptions } from '../domain-events/domain-events';
import { detachMemberFeedback, eraseNewsletterAddress } from './feedback.queries';

/**
 * A deleted account leaves the newsletter, and its feedback stays without its name. (Feedback sits in the
 * same layer as my-data, so the deletion tells it by an event instead of calling it.)
 */
export const feedbackSubscriptions: Subscriptions = {
  'account.deleted': async (tx, { userId, email }) => {
    if (email) await eraseNewsletterAddress(tx, email);
    await detachMemberFeedback(tx, userId);
  },
};
