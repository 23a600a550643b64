import { describe, expect, it } from 'vitest';
import { BOM, buildCsv, neutraliseCell } from './csv';
import { titleSlug } from './export-lists';

describe('neutraliseCell (OWASP CSV injection)', () => {
  it('prefixes a single quote to text that a spreadsheet would run as a formula', () => {
    for (const bad of ['=HYPERLINK("http://x","y")', '+46701234567', '-2+3', '@SUM(A1:A2)', '\tx', '\rx']) {
      expect(neutraliseCell(bad)).toBe(`'${bad}`);
    }
  });

  it('leaves other text alone', () => {
    for (const ok of ['Åsa Öberg', '46 70', 'a=b', ' =x', "'quoted", '']) expect(neutraliseCell(ok)).toBe(ok);
  });
});

describe('buildCsv', () => {
  it('writes UTF-8 with BOM, semicolons, CRLF, Swedish decimal commas and quotes where needed', () => {
    const csv = buildCsv({
      headers: ['Namn', 'Handicap', 'Anteckningar'],
      rows: [
        ['Åsa Öberg', 14.2, 'Dubbelrum; gärna "havsutsikt"\nsent incheckning'],
        ['=HYPERLINK("http://evil","klicka")', -2.5, null],
        ['@SUM(1+1)', 0, '+46 70 123 45 67'],
      ],
    });
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Namn;Handicap;Anteckningar',
      'Åsa Öberg;14,2;"Dubbelrum; gärna ""havsutsikt""\nsent incheckning"',
      `"'=HYPERLINK(""http://evil"",""klicka"")";-2,5;`,
      "'@SUM(1+1);0;'+46 70 123 45 67",
      '',
    ]);
  });
});

describe('titleSlug', () => {
  it('makes an ASCII file name part of a Swedish title', () => {
    expect(titleSlug('Höstresa till Båstad & Ängelholm!', 7)).toBe('hostresa-till-bastad-angelholm');
    expect(titleSlug('???', 7)).toBe('event-7');
  });
});
