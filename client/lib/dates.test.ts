import { describe, expect, it } from 'vitest';
import { formatDate, formatDayMonth, formatDayTime, formatLongDate, formatTime } from './dates';
import { inSweden } from './dayjs';

// The shown dates were dayjs' formats in Swedish time and locale; written without dayjs (issue 17), they
// must read exactly the same.
const instants = [
  '2025-06-14T07:30:00Z', // summer time
  '2025-01-01T00:00:00Z', // winter, a new year's first hour in Stockholm
  '2024-12-31T22:59:59Z', // the last second of the year in Stockholm
  '2025-03-30T00:59:00Z', // just before the spring change
  '2025-03-30T01:00:00Z', // just after it
  '2025-10-26T00:30:00Z', // the autumn change's first 02:30
  '2025-10-26T01:30:00Z', // and the second
  '2024-02-29T23:15:00Z', // a leap day, already 1 March in Stockholm
  ...Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 6.1e8 + i * 997).toISOString()),
];

describe('dates', () => {
  it.each(instants)('shows %s as dayjs did in Swedish time', (iso) => {
    const d = inSweden(iso);
    expect(formatLongDate(iso)).toBe(d.format('dddd D MMMM YYYY'));
    expect(formatDate(iso)).toBe(d.format('D MMMM YYYY'));
    expect(formatTime(iso)).toBe(d.format('HH:mm'));
    expect(formatDayTime(iso)).toBe(d.format('D MMM HH:mm'));
    expect(formatDayMonth(iso)).toBe(d.format('D MMM'));
  });

  it('takes instants as strings, milliseconds and dates', () => {
    const at = Date.UTC(2025, 5, 14, 7, 30);
    expect(formatLongDate(at)).toBe('lördag 14 juni 2025');
    expect(formatDayTime(new Date(at))).toBe('14 jun 09:30');
  });

  it('shows nothing for a value that is no date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime(Number.NaN)).toBe('');
  });
});
