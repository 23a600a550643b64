import { describe, expect, it } from 'vitest';
import { countText, filterEvents } from './filter-events';

const now = new Date('2026-06-10T10:00:00Z');
const ev = (
  id: number,
  start: string,
  end: string,
  title = `Event ${id}`,
  description: string | null = null,
) => ({
  id,
  title,
  location: 'Båstad',
  description,
  startTime: start,
  endTime: end,
});
const list = [
  ev(1, '2026-06-20T08:00:00Z', '2026-06-20T12:00:00Z', 'Sommargolf'),
  ev(2, '2026-06-01T08:00:00Z', '2026-06-01T12:00:00Z', 'Vårgolf', 'Med LUNCH'),
  ev(3, '2026-06-10T08:00:00Z', '2026-06-10T12:00:00Z', 'Pågår nu'),
  ev(0, '2026-06-15T08:00:00Z', '2026-06-15T12:00:00Z', 'Mitt i'),
];

describe('filterEvents', () => {
  it('filters by status; events not over come first by start, then past ones newest first', () => {
    expect(filterEvents(list, '', 'all', now).map((e) => e.id)).toEqual([3, 0, 1, 2]);
    const past = [ev(7, '2026-05-01T08:00:00Z', '2026-05-01T12:00:00Z'), ...list];
    expect(filterEvents(past, '', 'past', now).map((e) => e.id)).toEqual([2, 7]);
    expect(filterEvents(list, '', 'upcoming', now).map((e) => e.id)).toEqual([0, 1]);
    expect(filterEvents(list, '', 'ongoing', now).map((e) => e.id)).toEqual([3]);
    expect(filterEvents(list, '', 'past', now).map((e) => e.id)).toEqual([2]);
  });
  it('searches title, location and description case-insensitively', () => {
    expect(filterEvents(list, 'lunch', 'all', now).map((e) => e.id)).toEqual([2]);
    expect(filterEvents(list, 'SOMMAR', 'all', now).map((e) => e.id)).toEqual([1]);
    expect(filterEvents(list, 'båstad', 'all', now)).toHaveLength(4);
  });
  it('counts in Swedish', () => {
    expect(countText(1)).toBe('1 evenemang hittades');
    expect(countText(3)).toBe('3 evenemang hittades');
    expect(countText(0)).toBe('0 evenemang hittades');
  });
});
