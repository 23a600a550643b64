import type { SubscriptionStatus } from '@common/options';
import { type Actor, isAdmin } from '../auth/auth.policy';

interface SubscriptionHolder extends Actor {
  stripeSubscriptionId: string | null;
  subscriptionStatus: SubscriptionStatus | null;
  subscriptionPeriodEnd: Date | null;
}

/** An admin has permanent Pro and cannot cancel a membership (spec §1, §8). */
export const canCancelSubscription = (actor: Actor): boolean => !isAdmin(actor);

/** The member has a subscription that can be cancelled: active or being retried. */
export const hasCancellableSubscription = (u: SubscriptionHolder): boolean =>
  Boolean(u.stripeSubscriptionId) &&
  (u.subscriptionStatus === 'active' || u.subscriptionStatus === 'past_due');

/** The member has cancelled and the paid period has not ended yet. */
export const hasReactivatableSubscription = (u: SubscriptionHolder, now = new Date()): boolean =>
  Boolean(u.stripeSubscriptionId) &&
  u.subscriptionStatus === 'cancel_at_period_end' &&
  (u.subscriptionPeriodEnd?.getTime() ?? 0) > now.getTime();
