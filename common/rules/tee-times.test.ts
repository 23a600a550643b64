import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stockholmClock, stockholmDateTime } from '../time';
import {
  CLOCK_PATTERN,
  clockMinutes,
  defaultFirstTeeTime,
  distributeTeeTimes,
  minutesClock,
} from './tee-times';

describe('distributeTeeTimes', () => {
  it('interval: the first time, then every interval, all from hole 1', () => {
    expect(distributeTeeTimes(4, { firstTeeTime: '09:00', intervalMinutes: 10, mode: 'interval' })).toEqual([
      { teeTime: '09:00', startingHole: 1 },
      { teeTime: '09:10', startingHole: 1 },
      { teeTime: '09:20', startingHole: 1 },
      { teeTime: '09:30', startingHole: 1 },
    ]);
    expect(distributeTeeTimes(2, { firstTeeTime: '09:55', intervalMinutes: 8, mode: 'interval' })).toEqual([
      { teeTime: '09:55', startingHole: 1 },
      { teeTime: '10:03', startingHole: 1 },
    ]);
  });

  it('interval: null when the last group would start at or after midnight', () => {
    expect(
      distributeTeeTimes(3, { firstTeeTime: '23:40', intervalMinutes: 10, mode: 'interval' }),
    ).toBeNull();
    expect(distributeTeeTimes(2, { firstTeeTime: '23:50', intervalMinutes: 9, mode: 'interval' })).toEqual([
      { teeTime: '23:50', startingHole: 1 },
      { teeTime: '23:59', startingHole: 1 },
    ]);
  });

  it('shotgun: everyone at the first time on holes 1, 2, 3 …, a second group per hole after 18', () => {
    expect(distributeTeeTimes(3, { firstTeeTime: '13:00', intervalMinutes: 10, mode: 'shotgun' })).toEqual([
      { teeTime: '13:00', startingHole: 1 },
      { teeTime: '13:00', startingHole: 2 },
      { teeTime: '13:00', startingHole: 3 },
    ]);
    const many = distributeTeeTimes(20, { firstTeeTime: '13:00', intervalMinutes: 10, mode: 'shotgun' });
    expect(many?.map((s) => s.startingHole)).toEqual([...Array.from({ length: 18 }, (_, i) => i + 1), 1, 2]);
  });

  it('always gives valid clock times in order and holes 1–18 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('interval' as const, 'shotgun' as const),
        (count, first, intervalMinutes, mode) => {
          const slots = distributeTeeTimes(count, {
            firstTeeTime: minutesClock(first),
            intervalMinutes,
            mode,
          });
          if (!slots) return mode === 'interval' && first + (count - 1) * intervalMinutes >= 1440;
          return (
            slots.length === count &&
            slots.every(
              (s) => CLOCK_PATTERN.test(s.teeTime) && s.startingHole >= 1 && s.startingHole <= 18,
            ) &&
            slots.every((s, i) => i === 0 || clockMinutes(s.teeTime) >= clockMinutes(slots[i - 1].teeTime))
          );
        },
      ),
    );
  });
});

describe('Stockholm tee times', () => {
  it('turns "HH:mm" on a Swedish date into the instant, summer and winter', () => {
    expect(stockholmDateTime('2030-06-01', '09:10').toISOString()).toBe('2030-06-01T07:10:00.000Z');
    expect(stockholmDateTime('2030-01-15', '09:10').toISOString()).toBe('2030-01-15T08:10:00.000Z');
    expect(stockholmClock(new Date('2030-06-01T07:10:00Z'))).toBe('09:10');
    expect(stockholmClock(new Date('2030-01-15T23:30:00Z'))).toBe('00:30');
  });

  it('is right on the days the clocks change', () => {
    // 30 March 2031: 02:00 becomes 03:00; 26 October 2031: 03:00 becomes 02:00.
    expect(stockholmDateTime('2031-03-30', '01:30').toISOString()).toBe('2031-03-30T00:30:00.000Z');
    expect(stockholmDateTime('2031-03-30', '09:00').toISOString()).toBe('2031-03-30T07:00:00.000Z');
    expect(stockholmDateTime('2031-10-26', '09:00').toISOString()).toBe('2031-10-26T08:00:00.000Z');
    for (const date of ['2031-03-30', '2031-10-26']) {
      for (const clock of ['00:00', '06:45', '12:00', '23:59']) {
        expect(stockholmClock(stockholmDateTime(date, clock))).toBe(clock);
      }
    }
  });
});

describe('defaultFirstTeeTime', () => {
  it("is the event's start in Swedish time, summer and winter", () => {
    expect(defaultFirstTeeTime('2026-06-12T14:30:00.000Z')).toBe('16:30');
    expect(defaultFirstTeeTime('2026-12-03T09:10:00.000Z')).toBe('10:10');
  });

  it('is 09:00 when the start is unknown or not a date', () => {
    expect(defaultFirstTeeTime(undefined)).toBe('09:00');
    expect(defaultFirstTeeTime('inte ett datum')).toBe('09:00');
  });
});
