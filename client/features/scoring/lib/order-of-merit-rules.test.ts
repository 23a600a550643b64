import { describe, expect, it } from 'vitest';
import { parsePointsList } from './order-of-merit-rules';

describe('parsePointsList', () => {
  it('reads comma, semicolon or space separated whole points', () => {
    expect(parsePointsList('25, 20;16 13')).toEqual({ ok: true, points: [25, 20, 16, 13] });
  });
  it('refuses an empty list, decimals, negative or too large points', () => {
    expect(parsePointsList(' ,')).toEqual({ ok: false, message: 'Ange poäng för minst en placering' });
    for (const bad of ['25, 2.5', '-1', '1001', '25, tio'])
      expect(parsePointsList(bad)).toEqual({
        ok: false,
        message: 'Poängen ska vara heltal mellan 0 och 1000',
      });
    expect(parsePointsList(Array.from({ length: 101 }, () => '1').join(','))).toEqual({
      ok: false,
      message: 'Högst 100 placeringar',
    });
  });
});
