import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown';

describe('countdownText', () => {
  const now = new Date('2030-06-01T10:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  it('counts down in days, hours and minutes, in Swedish', () => {
    expect(countdownText(at(2 * 86_400_000 + 3 * 3_600_000 + 5 * 60_000), now)).toBe('2 d 3 h');
    expect(countdownText(at(86_400_000), now)).toBe('1 d');
    expect(countdownText(at(5 * 3_600_000 + 12 * 60_000), now)).toBe('5 h 12 min');
    expect(countdownText(at(3_600_000), now)).toBe('1 h');
    expect(countdownText(at(4 * 60_000 + 30_000), now)).toBe('4 min');
    expect(countdownText(at(30_000), now)).toBe('under en minut');
    expect(countdownText(at(-1), now)).toBe('nu');
  });
});
