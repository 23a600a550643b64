import { describe, expect, it } from 'vitest';
import { upcomingEvents } from './upcoming-events';

const now = new Date('2030-06-01T10:00:00Z');
const ev = (id: number, startTime: string) => ({ id, startTime });

describe('upcomingEvents', () => {
  it('keeps future events only, earliest first, at most count', () => {
    const list = [
      ev(1, '2030-07-01T10:00:00Z'),
      ev(2, '2030-05-01T10:00:00Z'),
      ev(3, '2030-06-02T10:00:00Z'),
      ev(4, '2030-06-01T10:00:00Z'),
      ev(5, '2030-08-01T10:00:00Z'),
      ev(6, '2030-06-15T10:00:00Z'),
    ];
    expect(upcomingEvents(list, 3, now).map((e) => e.id)).toEqual([3, 6, 1]);
  });

  it('answers an empty list when nothing is ahead', () => {
    expect(upcomingEvents([ev(1, '2020-01-01T00:00:00Z')], 4, now)).toEqual([]);
  });
});
