import { MEET_AGAIN_CHOICES, type MeetAgainChoice } from '@common/options';
import { describe, expect, it } from 'vitest';
import { answerWindow, matchKind, windowState } from './meet-again.policy';

const DAY = 24 * 60 * 60 * 1000;

describe("'Vill ses igen' rules", () => {
  it('a match is mutual: date+date a date, any other date/buddy mix a buddy, a no or no answer nothing', () => {
    const all: (MeetAgainChoice | null)[] = [...MEET_AGAIN_CHOICES, null];
    for (const a of all) {
      for (const b of all) {
        const expected =
          a === null || b === null || a === 'no' || b === 'no'
            ? null
            : a === 'date' && b === 'date'
              ? 'date'
              : 'buddy';
        expect(matchKind(a, b), `${a} + ${b}`).toBe(expected);
        // Symmetric: who answered first never matters.
        expect(matchKind(a, b)).toBe(matchKind(b, a));
      }
    }
  });

  it('the window opens at the end and closes 7 days later (closing instant excluded)', () => {
    const end = new Date('2026-06-01T16:00:00Z');
    expect(answerWindow(end).closesAt.getTime()).toBe(end.getTime() + 7 * DAY);
    expect(windowState(end, new Date(end.getTime() - 1))).toBe('before');
    expect(windowState(end, end)).toBe('open');
    expect(windowState(end, new Date(end.getTime() + 7 * DAY - 1))).toBe('open');
    expect(windowState(end, new Date(end.getTime() + 7 * DAY))).toBe('closed');
  });
});
