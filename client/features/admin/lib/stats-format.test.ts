import { describe, expect, it } from 'vitest';
import { monthLabel, monthOptions, shortMonthLabel } from './stats-format';

describe('statistics formatting', () => {
  it('names months in Swedish', () => {
    expect(monthLabel('2025-03')).toBe('mars 2025');
    expect(monthLabel('2024-12')).toBe('december 2024');
    expect(shortMonthLabel('2025-05')).toBe('maj 25');
  });

  it('offers this month and the five years before it, newest first', () => {
    const options = monthOptions('2025-03');
    expect(options).toHaveLength(60);
    expect(options[0]).toEqual({ value: '2025-03', label: 'mars 2025' });
    expect(options.at(-1)?.value).toBe('2020-04');
  });
});
