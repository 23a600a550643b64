import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_DAYS, withdrawalDeadline, withdrawalRefund } from './withdrawal';

const DAY = 24 * 60 * 60 * 1000;
const bought = new Date('2026-11-01T10:00:00Z');
const facts = { purchasedAt: bought, amountPaid: 99, periodEnd: new Date(bought.getTime() + 30 * DAY) };

describe('withdrawal from Pro', () => {
  it('runs for 14 days from the purchase', () => {
    expect(WITHDRAWAL_DAYS).toBe(14);
    expect(withdrawalDeadline(bought).toISOString()).toBe('2026-11-15T10:00:00.000Z');
  });

  it('refunds everything when the member did not ask to start at once', () => {
    expect(
      withdrawalRefund({ ...facts, startedImmediately: false }, new Date(bought.getTime() + 10 * DAY)),
    ).toBe(99);
  });

  it('keeps a proportionate amount for the days begun when the member asked to start at once', () => {
    const at = (days: number) =>
      withdrawalRefund({ ...facts, startedImmediately: true }, new Date(bought.getTime() + days * DAY));
    expect(at(0.1)).toBe(96); // 1 day of 30: 99 − 3,3 → 96
    expect(at(3)).toBe(89); // 3 days: 99 − 9,9 → 89
    expect(at(13.5)).toBe(53); // 14 days begun: 99 − 46,2 → 53
    expect(at(40)).toBe(0); // never below zero
  });
});
