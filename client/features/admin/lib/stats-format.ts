import { addMonths, type Month, STATS_PERIOD_MAX_MONTHS } from '@common/rules/stats-period';
import { MONTHS } from '@common/vocabulary';

/** '2025-03' → 'mars 2025'. */
export function monthLabel(month: Month): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

/** '2025-03' → 'mar 25' (a chart's axis). */
export function shortMonthLabel(month: Month): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTHS[m - 1].slice(0, 3)} ${String(y).slice(2)}`;
}

/** The months a period can start or end in, newest first: this month and the 5 years before it. */
export function monthOptions(current: Month): { value: Month; label: string }[] {
  return Array.from({ length: STATS_PERIOD_MAX_MONTHS }, (_, i) => {
    const value = addMonths(current, -i);
    return { value, label: monthLabel(value) };
  });
}
