import '../auth/auth.events';
import '../blocks/blocks.events';
import type { Subscriptions } from '../domain-events/domain-events';
import { deleteMeetAgainDataOf, forgetPair } from './meet-again.service';

/**
 * A block deletes every 'Vill ses igen' answer and match between the two, in the block's transaction;
 * a deleted account takes its answers (by and about the member) and matches with it.
 */
export const meetAgainSubscriptions: Subscriptions = {
  'block.created': async (tx, { blockerId, blockedId }) => {
    await forgetPair(tx, blockerId, blockedId);
  },
  'account.deleted': async (tx, { userId }) => {
    await deleteMeetAgainDataOf(tx, userId);
  },
};
