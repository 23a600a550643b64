import type { Subscriptions } from '../domain-events/domain-events';
import { insertReport } from './reports.queries';
import { findOpenSpamFlag } from './spam-flags.queries';

/**
 * A sender the messages' spam check flagged (`sender.flagged`, issue 31) becomes a report by the site
 * itself (no reporter) with samples, in the sending transaction, unless one is open.
 */
export const spamReportSubscriptions: Subscriptions = {
  'sender.flagged': async (tx, { senderId, samples }) => {
    if (await findOpenSpamFlag(tx, senderId)) return;
    await insertReport(tx, {
      reporterId: null,
      targetType: 'user',
      targetId: senderId,
      targetUserId: senderId,
      reason: 'spam',
      details: `Flaggad automatiskt: ${samples.length} nästan likadana första meddelanden till olika medlemmar inom en timme.`,
      snapshot: { samples: samples.slice(0, 5).map((s) => s.slice(0, 500)) },
    });
  },
};
