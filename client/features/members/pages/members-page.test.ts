import { describe, expect, it } from 'vitest';
import { countText } from './members-page';

describe('directory count text', () => {
  it("says 'medlem' for one and 'medlemmar' otherwise", () => {
    expect(countText(1)).toBe('1 medlem hittades');
    expect(countText(0)).toBe('0 medlemmar hittades');
    expect(countText(12)).toBe('12 medlemmar hittades');
  });
});
