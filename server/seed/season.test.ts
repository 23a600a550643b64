import { describe, expect, it } from 'vitest';
import { demoEventKind } from './season';

describe('demoEventKind', () => {
  it('chooses by month: Swedish courses April–October, simulators and trips abroad November–March', () => {
    const table = Array.from({ length: 12 }, (_, i) => [
      i + 1,
      demoEventKind(i + 1, 'day'),
      demoEventKind(i + 1, 'evening'),
      demoEventKind(i + 1, 'trip'),
    ]);
    expect(table).toEqual([
      [1, 'simulator-evening', 'simulator-evening', 'trip-abroad'],
      [2, 'simulator-evening', 'simulator-evening', 'trip-abroad'],
      [3, 'simulator-evening', 'simulator-evening', 'trip-abroad'],
      [4, 'day-round', 'day-round', 'swedish-trip'],
      [5, 'day-round', 'evening-round', 'swedish-trip'],
      [6, 'day-round', 'evening-round', 'swedish-trip'],
      [7, 'day-round', 'evening-round', 'swedish-trip'],
      [8, 'day-round', 'evening-round', 'swedish-trip'],
      [9, 'day-round', 'day-round', 'swedish-trip'],
      [10, 'day-round', 'day-round', 'swedish-trip'],
      [11, 'simulator-evening', 'simulator-evening', 'trip-abroad'],
      [12, 'simulator-evening', 'simulator-evening', 'trip-abroad'],
    ]);
  });

  it('refuses a month outside 1–12', () => {
    for (const month of [0, 13, 1.5]) expect(() => demoEventKind(month, 'day')).toThrow(RangeError);
  });
});
