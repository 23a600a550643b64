import { describe, expect, it } from 'vitest';
import { activityText, activityTime, barHeight, formatPercent } from './dashboard-format';

describe('dashboard formatting', () => {
  it("shows 'nyligen' for an invalid time", () => {
    expect(activityTime('not a date')).toBe('nyligen');
    expect(activityTime('')).toBe('nyligen');
  });
  it('shows a Swedish relative time', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(activityTime('2026-05-01T11:55:00Z', now)).toBe('för 5 minuter sedan');
  });
  it('keeps a 5% minimum bar height', () => {
    expect(barHeight(0, 10)).toBe(5);
    expect(barHeight(0, 0)).toBe(5);
    expect(barHeight(10, 10)).toBe(100);
    expect(barHeight(4, 10)).toBe(40);
  });
  it('formats percentages and activities', () => {
    expect(formatPercent(12.5, true)).toBe('+12,5 %');
    expect(formatPercent(null)).toBe('–');
    const user = { id: 'u', fullName: 'Anna Berg', profileImage: null };
    expect(
      activityText({ id: 'x', type: 'registration', eventTitle: 'Golfdag', eventId: 1, timestamp: '', user }),
    ).toBe('Anna Berg anmälde sig till Golfdag');
    expect(
      activityText({ id: 'y', type: 'join', eventTitle: null, eventId: null, timestamp: '', user }),
    ).toBe('Anna Berg blev medlem');
  });
});
