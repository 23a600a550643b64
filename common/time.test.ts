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

describe('Stockholm time from the EU rule', () => {
  // ICU's own answer, as every Stockholm time was read before the rule (issue 17).
  const icu = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Stockholm',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const icuParts = (at: Date) => {
    const parts = Object.fromEntries(icu.formatToParts(at).map((p) => [p.type, Number(p.value)]));
    const { year, month, day, hour, minute, second } = parts;
    return { year, month, day, hour, minute, second };
  };

  it('agrees with ICU every 3 h 17 min 13 s from 1996 to 2040, and around each change to the second', () => {
    const mismatches: string[] = [];
    const check = (ms: number) => {
      const at = new Date(ms);
      const mine = stockholmParts(at);
      const theirs = icuParts(at);
      if (JSON.stringify(mine) !== JSON.stringify(theirs)) mismatches.push(at.toISOString());
    };
    const step = 3 * HOUR + 17 * 60_000 + 13_000; // wanders through the minutes and seconds
    for (let ms = Date.UTC(1996, 0, 1); ms < Date.UTC(2041, 0, 1); ms += step) check(ms);
    for (let year = 1996; year <= 2040; year++)
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
        const change = lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR;
        for (const d of [-HOUR - 1000, -1000, -1, 0, 1, 1000, 59 * 60_000 + 59_000]) check(change + d);
      }
    expect(mismatches).toEqual([]);
  });

  it('asks ICU for the years before the rule, when Sweden changed on other days', () => {
    // 1990: summer time ended on the last Sunday of September, not of October.
    const at = new Date('1990-10-10T12:00:00Z');
    expect(stockholmParts(at)).toEqual(icuParts(at));
    expect(stockholmParts(at).hour).toBe(13);
  });

  it('throws for a date that is no date, as Intl does', () => {
    expect(() => stockholmParts(new Date(Number.NaN))).toThrow(RangeError);
  });
});
