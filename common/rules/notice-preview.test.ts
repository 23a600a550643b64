import { describe, expect, it } from 'vitest';
import { announcementNoticeTitle, recipientsText } from './notice-preview';

describe('notice previews', () => {
  it('titles an announcement with the event', () => {
    expect(announcementNoticeTitle('Höstresa', 'Bussen')).toBe('Höstresa: Bussen');
  });

  it('names the recipients in Swedish, or the first and how many more', () => {
    expect(recipientsText([], 0)).toBe('');
    expect(recipientsText(['Anna A'], 1)).toBe('Anna A');
    expect(recipientsText(['Anna A', 'Bo B', 'Cissi C'], 3)).toBe('Anna A, Bo B och Cissi C');
    expect(recipientsText(['Anna A', 'Bo B'], 14)).toBe('Anna A, Bo B och 12 till');
  });
});
