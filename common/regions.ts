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

// How many municipalities share each folded name. Only countyPlaceNames (the server's directory filter)
// needs it, so it is counted on its first call, not when a client chunk that lists the counties loads.
let foldedCounts: Map<string, number> | undefined;
function foldedCount(name: string): number {
  if (!foldedCounts) {
    foldedCounts = new Map();
    for (const m of COUNTIES.flatMap((c) => c.municipalities)) {
      const f = fold(m);
      foldedCounts.set(f, (foldedCounts.get(f) ?? 0) + 1);
    }
  }
  return foldedCounts.get(fold(name)) ?? 0;
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
    if (foldedCount(m) === 1) anyAccents.push(m);
    else withAccents.push(m.toLowerCase());
  }
  return { anyAccents, withAccents };
}
