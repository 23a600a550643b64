/**
 * The right of withdrawal from Pro bought online (Directive 2011/83/EU as amended by (EU) 2023/2673,
 * in force from 19 June 2026; Swedish distansavtalslagen 2 kap.): 14 days from the purchase, with a
 * refund of everything paid, less a proportionate amount for the days used only when the member
 * expressly asked for Pro to start at once.
 */
export const WITHDRAWAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment of the withdrawal period. */
export function withdrawalDeadline(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);
}

export interface WithdrawalFacts {
  purchasedAt: Date;
  /** What the member paid for the period (kronor). */
  amountPaid: number;
  /** The paid period's end (the next billing date). */
  periodEnd: Date;
  /** The member asked for Pro to start during the withdrawal period. */
  startedImmediately: boolean;
}

/**
 * The refund in whole kronor: the full amount; when the member asked to start at once, less the share of
 * the paid period used so far (days begun count whole, as Pro was usable on them), never below zero.
 */
export function withdrawalRefund(f: WithdrawalFacts, now: Date): number {
  if (!f.startedImmediately) return f.amountPaid;
  const periodDays = Math.max(1, Math.round((f.periodEnd.getTime() - f.purchasedAt.getTime()) / DAY_MS));
  const usedDays = Math.min(
    periodDays,
    Math.max(1, Math.ceil((now.getTime() - f.purchasedAt.getTime()) / DAY_MS)),
  );
  return Math.max(0, f.amountPaid - Math.round((f.amountPaid * usedDays) / periodDays));
}
