import { describe, expect, it } from 'vitest';
import { COUNTIES, COUNTY_CODES, type CountyCode, countyPlaceNames, municipalitiesOf } from './regions';

const countyOf = (municipality: string) =>
  COUNTIES.filter((c) => (c.municipalities as readonly string[]).includes(municipality)).map((c) => c.code);
/** Roughly what sg_search_normalize does in SQL: lower case without accents. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

describe('Swedish counties and municipalities (SCB)', () => {
  it('has the 21 counties by their SCB codes, in code order, with their Swedish names', () => {
    expect(COUNTIES).toHaveLength(21);
    expect([...COUNTY_CODES]).toEqual([
      '01',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '12',
      '13',
      '14',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '24',
      '25',
    ]);
    expect(new Set(COUNTIES.map((c) => c.name)).size).toBe(21);
    for (const c of COUNTIES) expect(c.name).toMatch(/ län$/);
    expect(COUNTIES.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Stockholms län', 'Västra Götalands län', 'Skåne län', 'Gotlands län']),
    );
  });

  it('has 290 municipalities, each in exactly one county', () => {
    const all = COUNTIES.flatMap((c) => c.municipalities);
    expect(all).toHaveLength(290);
    expect(new Set(all).size).toBe(290);
    for (const m of all) expect(m).toBe(m.trim());
    // Without case and accents only Håbo and Habo are alike.
    const folded = all.map(fold);
    expect(folded.filter((f, i) => folded.indexOf(f) !== i)).toEqual(['habo']);
  });

  it('has each county’s number of municipalities', () => {
    const sizes = Object.fromEntries(COUNTIES.map((c) => [c.code, c.municipalities.length]));
    expect(sizes).toEqual({
      '01': 26,
      '03': 8,
      '04': 9,
      '05': 13,
      '06': 13,
      '07': 8,
      '08': 12,
      '09': 1,
      '10': 5,
      '12': 33,
      '13': 6,
      '14': 49,
      '17': 16,
      '18': 12,
      '19': 10,
      '20': 15,
      '21': 10,
      '22': 7,
      '23': 8,
      '24': 15,
      '25': 14,
    });
  });

  it('puts the municipalities in their counties (including the ones that moved)', () => {
    const expected: Record<string, CountyCode> = {
      Stockholm: '01',
      Täby: '01',
      Göteborg: '14',
      Malmö: '12',
      Helsingborg: '12',
      Uppsala: '03',
      Heby: '03',
      Knivsta: '03',
      Habo: '06',
      Mullsjö: '06',
      Ydre: '05',
      Gotland: '09',
      Halmstad: '13',
      Östersund: '23',
      Umeå: '24',
      Västerås: '19',
      Kiruna: '25',
    };
    for (const [m, code] of Object.entries(expected)) expect(countyOf(m), m).toEqual([code]);
    expect(municipalitiesOf('09')).toEqual(['Gotland']);
  });

  it('matches a county by its names without accents, but Håbo and Habo only with theirs', () => {
    const uppsala = countyPlaceNames('03');
    expect(uppsala.withAccents).toEqual(['håbo']);
    expect(uppsala.anyAccents).toHaveLength(7);
    expect(uppsala.anyAccents).not.toContain('Håbo');
    expect(countyPlaceNames('06').withAccents).toEqual(['habo']);
    const stockholm = countyPlaceNames('01');
    expect(stockholm).toEqual({ anyAccents: [...municipalitiesOf('01')], withAccents: [] });
    let total = 0;
    for (const code of COUNTY_CODES) {
      const { anyAccents, withAccents } = countyPlaceNames(code);
      total += anyAccents.length + withAccents.length;
    }
    expect(total).toBe(290);
  });
});
