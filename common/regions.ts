import type { County } from './regions/county';
import { GOTALAND } from './regions/gotaland';
import { NORRLAND } from './regions/norrland';
import { SVEALAND } from './regions/svealand';

export type { County };

/**
 * Sweden's counties in SCB code order, each with its municipalities: 21 counties, 290 municipalities,
 * each municipality in exactly one county (SCB's division since Knivsta 2003 and Heby's move to Uppsala
 * län 2007). The members directory's 'Län' filter lists a member whose place is one of these names.
 */
export const COUNTIES = [...SVEALAND, ...GOTALAND, ...NORRLAND].sort((a, b) => a.code.localeCompare(b.code));

export type CountyCode = (typeof COUNTIES)[number]['code'];

/** The county codes in SCB order: the values GET /api/users accepts as `county`. */
export const COUNTY_CODES = COUNTIES.map((c) => c.code) as unknown as readonly [CountyCode, ...CountyCode[]];

/** The municipalities of one county (its short names, as members write their place). */
export function municipalitiesOf(code: CountyCode): readonly string[] {
  return COUNTIES.find((c) => c.code === code)?.municipalities ?? [];
}

/** Lower case without accents: what the database's sg_search_normalize makes of these names. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const foldedCounts = new Map<string, number>();
for (const m of COUNTIES.flatMap((c) => c.municipalities)) {
  foldedCounts.set(fold(m), (foldedCounts.get(fold(m)) ?? 0) + 1);
}

/**
 * The names a member's place must equal to be in a county (the directory's 'Län' filter): most
 * without regard to case or accents, as the 'Ort' filter compares; the few that only their accents
 * tell apart from a municipality of another county (Håbo in Uppsala län, Habo in Jönköpings län)
 * only with their accents, in lower case.
 */
export function countyPlaceNames(code: CountyCode): { anyAccents: string[]; withAccents: string[] } {
  const anyAccents: string[] = [];
  const withAccents: string[] = [];
  for (const m of municipalitiesOf(code)) {
    if (foldedCounts.get(fold(m)) === 1) anyAccents.push(m);
    else withAccents.push(m.toLowerCase());
  }
  return { anyAccents, withAccents };
}
