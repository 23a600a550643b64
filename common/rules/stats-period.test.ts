import { describe, expect, it } from 'vitest';
import { addMonths, defaultStatsPeriod, monthsBetween, stockholmMonth } from './stats-period';

describe('statistics period', () => {
  it('steps months across years', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2024-12', 1)).toBe('2025-01');
    expect(addMonths('2025-03', -11)).toBe('2024-04');
    expect(addMonths('2025-03', 24)).toBe('2027-03');
  });

  it('counts months with both ends included', () => {
    expect(monthsBetween('2025-01', '2025-12')).toBe(12);
    expect(monthsBetween('2024-11', '2025-02')).toBe(4);
    expect(monthsBetween('2025-02', '2025-01')).toBe(0);
  });

  it('takes the month in Stockholm, not in UTC', () => {
    // 23:30 UTC on 31 January is already 1 February in Stockholm.
    expect(stockholmMonth(new Date('2025-01-31T23:30:00Z'))).toBe('2025-02');
    expect(stockholmMonth(new Date('2025-06-30T21:59:00Z'))).toBe('2025-06');
    expect(stockholmMonth(new Date('2025-06-30T22:00:00Z'))).toBe('2025-07');
  });

  it('defaults to the last 12 months, this one included', () => {
    expect(defaultStatsPeriod(new Date('2025-03-15T12:00:00Z'))).toEqual({ from: '2024-04', to: '2025-03' });
  });
});
