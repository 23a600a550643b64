import '../blocks/blocks.events';
import type { Subscriptions } from '../domain-events/domain-events';
import { markDirectMessageNoticesRead } from './message-notices';

/**
 * What notifications do when a member blocks another: the blocker's unread notices of the other's
 * messages count as read, so no e-mail or push about them follows. In the block's transaction.
 */
export const blockSubscriptions: Subscriptions = {
  'block.created': async (tx, { blockerId, blockedId }) => {
    await markDirectMessageNoticesRead(tx, blockerId, blockedId);
  },
};
