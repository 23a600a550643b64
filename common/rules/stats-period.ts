import { stockholmParts } from '../time';

/** The longest period the statistics page reports on, in months (five years). */
export const STATS_PERIOD_MAX_MONTHS = 60;

/** A calendar month as 'YYYY-MM'. */
export type Month = string;

const pad = (n: number) => String(n).padStart(2, '0');

/** The month `delta` months after `month` ('2025-01', -1 → '2024-12'). */
export function addMonths(month: Month, delta: number): Month {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad((index % 12) + 1)}`;
}

/** How many months from `from` to `to`, both counted ('2025-01'..'2025-12' → 12; negative when reversed). */
export function monthsBetween(from: Month, to: Month): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return ty * 12 + tm - (fy * 12 + fm) + 1;
}

/** The Stockholm month of an instant. */
export function stockholmMonth(at: Date): Month {
  const p = stockholmParts(at);
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}`;
}

/** The default period of the statistics: the last 12 months, this Stockholm month included. */
export function defaultStatsPeriod(now = new Date()): { from: Month; to: Month } {
  const to = stockholmMonth(now);
  return { from: addMonths(to, -11), to };
}
