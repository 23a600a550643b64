import { msg } from '@common/messages';
import type { MembershipType } from '@common/options';
import { recordAudit } from '../audit/audit';
import type { UserRow } from '../auth/users.presenter';
import { lockUser, setMembershipType } from '../billing/billing.queries';
import type { Db } from '../db/client';
import { NotFoundError } from '../errors';
import { notifySubscriptionChange } from '../notifications/billing-notices';
import { insertMembershipChange } from './admin-members.queries';

const LIVE = new Set(['active', 'past_due', 'cancel_at_period_end']);

/**
 * An admin sets a member's membership type, logged in membership_changes. Pro set by an admin
 * stands on its own: a subscription that is no longer live is unlinked so it cannot end it.
 */
export async function setMembership(
  db: Db,
  admin: UserRow,
  userId: string,
  type: MembershipType,
): Promise<UserRow> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const user = await lockUser(tx, userId);
    if (!user) throw new NotFoundError(msg.userNotFound);
    const staleSubscription = !user.subscriptionStatus || !LIVE.has(user.subscriptionStatus);
    const updated = await setMembershipType(tx, userId, type, type === 'pro' && staleSubscription);
    await notifySubscriptionChange(tx, user, updated);
    await insertMembershipChange(tx, {
      userId,
      changedBy: admin.id,
      fromType: user.membershipType,
      toType: type,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'membership.set',
      targetType: 'user',
      targetId: userId,
      details: { from: user.membershipType, to: type },
    });
    return updated;
  });
}
