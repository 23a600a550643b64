import { describe, expect, it } from 'vitest';
import { formatKr } from './format';

describe('formatKr', () => {
  it('writes kronor as toLocaleString("sv-SE") does', () => {
    for (const n of [
      0, 5, 99, 999, 1000, 1200, 12_345, 123_456, 1_234_567, -5, -1200, -1_234_567, 1200.5, 0.25,
    ])
      expect(formatKr(n)).toBe(`${n.toLocaleString('sv-SE')} kr`);
  });

  it('groups thousands with a no-break space', () => {
    expect(formatKr(1200)).toBe('1\u00a0200 kr');
  });
});
