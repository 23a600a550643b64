import { describe, expect, it } from 'vitest';
import {
  isSameStockholmDay,
  SITE_TIME_ZONE,
  stockholmDate,
  stockholmMidnight,
  stockholmMonthStart,
  stockholmOffsetMs,
  stockholmParts,
  stockholmToday,
} from './time';

const HOUR = 3_600_000;

describe('Stockholm time', () => {
  it('is Europe/Stockholm', () => {
    expect(SITE_TIME_ZONE).toBe('Europe/Stockholm');
  });

  it('reads wall-clock fields and dates in Stockholm, not UTC', () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Stockholm (winter, +1 h).
    expect(stockholmParts(new Date('2025-12-31T23:30:15Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
      second: 15,
    });
    expect(stockholmToday(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    // 22:30 UTC in June is 00:30 the next day (summer, +2 h); 21:59 is still the same day.
    expect(stockholmDate(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(stockholmDate(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
  });

  it('compares days in Stockholm', () => {
    // Both 30 June in UTC, but the second is already 1 July in Stockholm.
    expect(isSameStockholmDay(new Date('2026-06-30T08:00:00Z'), new Date('2026-06-30T22:30:00Z'))).toBe(
      false,
    );
    // Different UTC days, the same Stockholm day (1 July).
    expect(isSameStockholmDay(new Date('2026-06-30T22:30:00Z'), new Date('2026-07-01T12:00:00Z'))).toBe(true);
  });

  it('knows the offset on both sides of the summer-time change', () => {
    expect(stockholmOffsetMs(new Date('2026-03-29T00:59:59Z'))).toBe(HOUR);
    expect(stockholmOffsetMs(new Date('2026-03-29T01:00:00Z'))).toBe(2 * HOUR);
    expect(stockholmOffsetMs(new Date('2026-10-25T00:59:59Z'))).toBe(2 * HOUR);
    expect(stockholmOffsetMs(new Date('2026-10-25T01:00:00Z'))).toBe(HOUR);
  });

  it('finds Stockholm midnight in winter, summer and on the change days', () => {
    expect(stockholmMidnight('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(stockholmMidnight('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(stockholmMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(stockholmMidnight('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(stockholmMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(stockholmMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('finds the start of this and earlier months, across a year', () => {
    expect(stockholmMonthStart('2026-05-31').toISOString()).toBe('2026-04-30T22:00:00.000Z');
    // The month before May is April, which begins on 1 April (a day the UTC month arithmetic of
    // 31 March would skip).
    expect(stockholmMonthStart('2026-05-31', -1).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(stockholmMonthStart('2026-01-10', -1).toISOString()).toBe('2025-11-30T23:00:00.000Z');
    expect(stockholmMonthStart('2026-03-01', -1).toISOString()).toBe('2026-01-31T23:00:00.000Z');
  });
});
