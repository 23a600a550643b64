import '../auth/auth.events';
import '../blocks/blocks.events';
import type { Subscriptions } from '../domain-events/domain-events';
import { removeRidesOfMember, separateBlockedPair } from './rides.service';

/**
 * Rides follow what happens between members (issue 30), in the publisher's transaction: a block ends
 * any seat one holds in the other's ride (as 'Vill ses igen' forgets the pair), a deleted account takes
 * its rides and seats.
 */
export const rideMemberSubscriptions: Subscriptions = {
  'block.created': async (tx, { blockerId, blockedId }) => {
    await separateBlockedPair(tx, blockerId, blockedId);
  },
  'account.deleted': async (tx, { userId }) => {
    await removeRidesOfMember(tx, userId);
  },
};
