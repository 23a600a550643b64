import { describe, expect, it } from 'vitest';
import { isPro, type ProFields } from './pro';

const now = new Date('2026-06-01T12:00:00Z');
const base: ProFields = {
  role: 'member',
  membershipType: 'free',
  subscriptionStatus: null,
  subscriptionPeriodEnd: null,
  stripeSubscriptionId: null,
};

describe('isPro', () => {
  it('is always true for an admin, subscription or not', () => {
    expect(isPro({ ...base, role: 'admin' }, now)).toBe(true);
  });

  it('is false for a free member, even with a live subscription row', () => {
    expect(isPro({ ...base, stripeSubscriptionId: 'sub_1', subscriptionStatus: 'active' }, now)).toBe(false);
  });

  it('is true for admin-set Pro without a subscription', () => {
    expect(isPro({ ...base, membershipType: 'pro' }, now)).toBe(true);
  });

  it('follows the subscription for paid Pro', () => {
    const pro = { ...base, membershipType: 'pro' as const, stripeSubscriptionId: 'sub_1' };
    expect(isPro({ ...pro, subscriptionStatus: 'active' }, now)).toBe(true);
    expect(isPro({ ...pro, subscriptionStatus: 'past_due' }, now)).toBe(true);
    expect(isPro({ ...pro, subscriptionStatus: 'canceled' }, now)).toBe(false);
    expect(isPro({ ...pro, subscriptionStatus: 'unpaid' }, now)).toBe(false);
    expect(isPro({ ...pro, subscriptionStatus: 'incomplete' }, now)).toBe(false);
  });

  it('keeps a cancelled subscription Pro until the period ends', () => {
    const cancelled = {
      ...base,
      membershipType: 'pro' as const,
      stripeSubscriptionId: 'sub_1',
      subscriptionStatus: 'cancel_at_period_end' as const,
    };
    expect(isPro({ ...cancelled, subscriptionPeriodEnd: '2026-06-02T00:00:00Z' }, now)).toBe(true);
    expect(isPro({ ...cancelled, subscriptionPeriodEnd: new Date('2026-06-01T11:59:59Z') }, now)).toBe(false);
    expect(isPro({ ...cancelled, subscriptionPeriodEnd: null }, now)).toBe(false);
  });
});
