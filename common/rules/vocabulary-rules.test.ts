import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  eventCountText,
  eventKind,
  eventNouns,
  formatDayRange,
  isMultiDay,
} from './event-kind';
import { formatHandicap, formatHandicapOrNull, parseHandicap } from './handicap';
import { formatKr } from './money';

const ev = (startTime: string, endTime: string) => ({ startTime, endTime });

describe('event kind: resa only for more than a day (Stockholm calendar days)', () => {
  it('a 9-hole after-work is an evenemang, not a resa', () => {
    const e = ev('2026-06-11T15:00:00Z', '2026-06-11T19:00:00Z');
    expect(isMultiDay(e)).toBe(false);
    expect(eventKind(e)).toBe('evenemang');
    expect(eventNouns(e)).toMatchObject({ upcoming: 'Kommande evenemang', about: 'Om evenemanget' });
  });

  it('Friday to Sunday is a resa', () => {
    const e = ev('2026-12-11T09:00:00Z', '2026-12-13T15:00:00Z');
    expect(eventKind(e)).toBe('resa');
    expect(eventNouns(e)).toMatchObject({
      upcoming: 'Kommande resa',
      past: 'Tidigare resa',
      about: 'Om resan',
    });
    expect(calendarDays(e)).toBe(3);
  });

  it('counts days in Stockholm, not UTC', () => {
    // 22:30–23:30 UTC in summer is 00:30–01:30 the next day in Stockholm: one day.
    expect(isMultiDay(ev('2026-06-10T22:30:00Z', '2026-06-10T23:30:00Z'))).toBe(false);
    // 21:00 to 22:30 UTC in summer: 23:00 to 00:30 in Stockholm, past midnight there.
    expect(isMultiDay(ev('2026-06-10T21:00:00Z', '2026-06-10T22:30:00Z'))).toBe(true);
    // In winter 23:30 UTC is 00:30 the next day in Stockholm, 22:30 UTC still 23:30 the same day.
    expect(isMultiDay(ev('2026-01-10T20:00:00Z', '2026-01-10T23:30:00Z'))).toBe(true);
    expect(isMultiDay(ev('2026-01-10T20:00:00Z', '2026-01-10T22:30:00Z'))).toBe(false);
  });

  it('a long day under 24 hours stays one day, a short night across midnight is two', () => {
    expect(isMultiDay(ev('2026-06-11T04:00:00Z', '2026-06-11T21:00:00Z'))).toBe(false);
    expect(calendarDays(ev('2026-06-11T04:00:00Z', '2026-06-11T21:00:00Z'))).toBe(1);
  });

  it('an invalid date is no resa', () => {
    expect(isMultiDay(ev('nonsense', '2026-06-11T21:00:00Z'))).toBe(false);
    expect(formatDayRange(ev('nonsense', '2026-06-11T21:00:00Z'))).toBe('');
  });

  it('the events page counts evenemang, whatever the kinds', () => {
    expect(eventCountText(1)).toBe('1 evenemang hittades');
    expect(eventCountText(6)).toBe('6 evenemang hittades');
  });
});

describe('formatDayRange', () => {
  it('days of one month: 11–13 december', () => {
    expect(formatDayRange(ev('2026-12-11T09:00:00Z', '2026-12-13T15:00:00Z'))).toBe('11–13 december');
    expect(formatDayRange(ev('2026-12-11T09:00:00Z', '2026-12-13T15:00:00Z'), { year: true })).toBe(
      '11–13 december 2026',
    );
  });

  it('across months: 30 maj – 2 juni', () => {
    expect(formatDayRange(ev('2026-05-30T08:00:00Z', '2026-06-02T14:00:00Z'))).toBe('30 maj – 2 juni');
    expect(formatDayRange(ev('2026-05-30T08:00:00Z', '2026-06-02T14:00:00Z'), { year: true })).toBe(
      '30 maj – 2 juni 2026',
    );
  });

  it('across years always names both years', () => {
    expect(formatDayRange(ev('2026-12-30T09:00:00Z', '2027-01-02T15:00:00Z'))).toBe(
      '30 december 2026 – 2 januari 2027',
    );
  });

  it('in Stockholm time: a trip starting 00:30 on the 11th in Stockholm (23:30 UTC the 10th)', () => {
    expect(formatDayRange(ev('2026-12-10T23:30:00Z', '2026-12-13T15:00:00Z'))).toBe('11–13 december');
  });

  it('one day is one date', () => {
    expect(formatDayRange(ev('2026-06-14T07:00:00Z', '2026-06-14T15:00:00Z'))).toBe('14 juni');
  });
});

describe('formatKr: one money format', () => {
  it("writes '3 450 kr' with a no-break space, never SEK", () => {
    expect(formatKr(3450)).toBe('3\u00a0450 kr');
    expect(formatKr(0)).toBe('0 kr');
    expect(formatKr(99)).toBe('99 kr');
    expect(formatKr(1_234_567)).toBe('1\u00a0234\u00a0567 kr');
    expect(formatKr(-1200)).toBe('\u22121\u00a0200 kr');
  });
});

describe('formatHandicap: a plus handicap is written +1,4', () => {
  it('below zero is plus', () => {
    expect(formatHandicap(-1.4)).toBe('+1,4');
    expect(formatHandicap(-0.1)).toBe('+0,1');
    expect(formatHandicap(-10)).toBe('+10,0');
  });

  it('zero and above: one decimal, comma', () => {
    expect(formatHandicap(0)).toBe('0,0');
    expect(formatHandicap(-0.04)).toBe('0,0');
    expect(formatHandicap(12.4)).toBe('12,4');
    expect(formatHandicap(18)).toBe('18,0');
    expect(formatHandicap(54)).toBe('54,0');
    expect(formatHandicap(12.35)).toBe('12,4');
  });

  it('null stays null for the caller to word', () => {
    expect(formatHandicapOrNull(null)).toBeNull();
    expect(formatHandicapOrNull(undefined)).toBeNull();
    expect(formatHandicapOrNull(-2.5)).toBe('+2,5');
  });
});

describe('parseHandicap: what a member types, as the site writes it', () => {
  it('reads a plus handicap as an index below zero', () => {
    expect(parseHandicap('+1,4')).toBe(-1.4);
    expect(parseHandicap(' +1.4 ')).toBe(-1.4);
    expect(parseHandicap('+0')).toBe(0);
    expect(parseHandicap(formatHandicap(-2.5))).toBe(-2.5);
  });

  it('keeps minus, decimal commas and empty text', () => {
    expect(parseHandicap('-1,4')).toBe(-1.4);
    expect(parseHandicap('\u22121,4')).toBe(-1.4);
    expect(parseHandicap('18,4')).toBe(18.4);
    expect(parseHandicap('')).toBeNull();
    expect(parseHandicap('   ')).toBeNull();
  });

  it('anything else is no number', () => {
    expect(parseHandicap('+')).toBeNaN();
    expect(parseHandicap('+-1')).toBeNaN();
    expect(parseHandicap('tolv')).toBeNaN();
  });
});
