import { describe, expect, it } from 'vitest';
import { avatarInitial, deriveFullName, displayName } from './display-name';
import { durationHours, hasEnded, matchesEventFilter, phaseBadge } from './event-phase';
import { totalPrice } from './event-price';
import { isPro } from './pro';

const now = new Date('2026-06-10T10:00:00Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * 3600_000).toISOString();

describe('event filters and phases', () => {
  it('filters upcoming, ongoing and past', () => {
    const upcoming = { startTime: at(2), endTime: at(5) };
    const ongoing = { startTime: at(-1), endTime: at(1) };
    const past = { startTime: at(-5), endTime: at(-1) };
    expect([upcoming, ongoing, past].map((e) => matchesEventFilter(e, 'upcoming', now))).toEqual([
      true,
      false,
      false,
    ]);
    expect([upcoming, ongoing, past].map((e) => matchesEventFilter(e, 'ongoing', now))).toEqual([
      false,
      true,
      false,
    ]);
    expect([upcoming, ongoing, past].map((e) => matchesEventFilter(e, 'past', now))).toEqual([
      false,
      false,
      true,
    ]);
    expect([upcoming, ongoing, past].every((e) => matchesEventFilter(e, 'all', now))).toBe(true);
    expect(hasEnded(past, now)).toBe(true);
    expect(hasEnded(ongoing, now)).toBe(false);
  });

  it('gives the phase badge by days to start', () => {
    expect(phaseBadge({ startTime: at(-5), endTime: at(-1) }, now)).toBe('Tidigare');
    expect(phaseBadge({ startTime: at(3), endTime: at(6) }, now)).toBe('Idag');
    expect(phaseBadge({ startTime: at(48), endTime: at(50) }, now)).toBe('Denna vecka');
    expect(phaseBadge({ startTime: at(24 * 6), endTime: at(24 * 6 + 2) }, now)).toBe('Nästa vecka');
    expect(phaseBadge({ startTime: at(24 * 10), endTime: at(24 * 10 + 2) }, now)).toBe('Kommande');
  });

  it('rounds the duration to whole hours', () => {
    expect(durationHours({ startTime: at(0), endTime: at(4.6) })).toBe(5);
  });
});

describe('total price', () => {
  it('adds the green fee only when it is not included', () => {
    expect(totalPrice({ registrationFee: 300, greenFee: 450, greenFeeIncluded: false })).toBe(750);
    expect(totalPrice({ registrationFee: 300, greenFee: 450, greenFeeIncluded: true })).toBe(300);
    expect(totalPrice({ registrationFee: 300, greenFee: null })).toBe(300);
  });
});

describe('names', () => {
  it('follows the participant name order of the spec', () => {
    expect(displayName({ id: 'x', firstName: 'Eva', lastName: 'Ek', fullName: 'E' })).toBe('Eva Ek');
    expect(displayName({ id: 'x', firstName: 'Eva', fullName: 'Eva Maria' })).toBe('Eva Maria');
    expect(displayName({ id: 'x', firstName: 'Eva' })).toBe('Eva');
    expect(displayName({ id: 'x', username: 'eva72' })).toBe('eva72');
    expect(displayName({ id: '17' })).toBe('Användare 17');
  });

  it('takes the avatar initial from first name, e-mail, else U', () => {
    expect(avatarInitial({ firstName: 'åsa' })).toBe('Å');
    expect(avatarInitial({ email: 'bo@example.se' })).toBe('B');
    expect(avatarInitial({})).toBe('U');
  });

  it('derives the full name', () => {
    expect(deriveFullName(' Eva ', ' Ek ')).toBe('Eva Ek');
    expect(deriveFullName('', null)).toBeNull();
  });
});

describe('Pro access', () => {
  const base = {
    role: 'member' as const,
    membershipType: 'pro' as const,
    subscriptionStatus: null,
    subscriptionPeriodEnd: null,
  };
  it('is permanent for admins and for an admin-set Pro', () => {
    expect(isPro({ ...base, role: 'admin', membershipType: 'free' }, now)).toBe(true);
    expect(isPro({ ...base, stripeSubscriptionId: null }, now)).toBe(true);
    expect(isPro({ ...base, membershipType: 'free' }, now)).toBe(false);
  });
  it('follows a subscription: active, or cancelled until the period ends', () => {
    const sub = { ...base, stripeSubscriptionId: 'sub_1' };
    expect(isPro({ ...sub, subscriptionStatus: 'active' }, now)).toBe(true);
    expect(
      isPro({ ...sub, subscriptionStatus: 'cancel_at_period_end', subscriptionPeriodEnd: at(24) }, now),
    ).toBe(true);
    expect(
      isPro({ ...sub, subscriptionStatus: 'cancel_at_period_end', subscriptionPeriodEnd: at(-1) }, now),
    ).toBe(false);
    expect(isPro({ ...sub, subscriptionStatus: 'canceled' }, now)).toBe(false);
  });
});
