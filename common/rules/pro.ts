import { PRO_PRICE_SEK } from '../limits';
import type { MembershipType, Role, SubscriptionStatus } from '../options';
import { formatKr } from './money';

/** What decides Pro access. */
export interface ProFields {
  role: Role;
  membershipType: MembershipType;
  subscriptionStatus: SubscriptionStatus | null;
  subscriptionPeriodEnd: string | Date | null;
  stripeSubscriptionId?: string | null;
}

/**
 * Pro everywhere means: role admin (permanent); or membership pro set by an
 * admin (no subscription behind it); or membership pro with a live
 * subscription (active, or cancelled but still inside the paid period).
 */
export function isPro(u: ProFields, now = new Date()): boolean {
  if (u.role === 'admin') return true;
  if (u.membershipType !== 'pro') return false;
  if (!u.stripeSubscriptionId) return true;
  if (u.subscriptionStatus === 'active' || u.subscriptionStatus === 'past_due') return true;
  if (u.subscriptionStatus === 'cancel_at_period_end') {
    const end = u.subscriptionPeriodEnd ? new Date(u.subscriptionPeriodEnd).getTime() : 0;
    return end > now.getTime();
  }
  return false;
}

/** Pro's price as events show it beside 'Pro krävs': '99 kr/mån' (issue 27). */
export const PRO_PRICE_TEXT = `${formatKr(PRO_PRICE_SEK)}/mån`;
