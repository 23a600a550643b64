import type { CourseInput } from '@common/schemas/courses';

/**
 * Three real Swedish courses for the demo (issue 29), entered as an admin would through
 * POST /api/admin/courses and held to the same rules (seed.test.ts parses them with the course schema).
 *
 * APPROXIMATE: the courses, clubs and places are real, and the total par of each (72, 71, 72) is as
 * far as we know the published one; the coordinates are approximate (near the course). The course
 * ratings and slopes, the par of each hole and the stroke indexes are approximate (plausible values that
 * add up to that par), not copied from the clubs' scorecards or the federation's slope tables: check
 * them against Min Golf before a real competition is scored on them. Hole lengths are left out for the
 * same reason.
 */

type Tee = CourseInput['tees'][number];

/** A tee from its hole pars and stroke indexes, and a rating per gender as [course rating, slope]. */
function tee(
  name: string,
  color: Tee['color'],
  pars: number[],
  strokeIndexes: number[],
  ratings: { male?: [number, number]; female?: [number, number] },
): Tee {
  const par = pars.reduce((a, b) => a + b, 0);
  return {
    name,
    color,
    ratings: (['male', 'female'] as const).flatMap((gender) => {
      const r = ratings[gender];
      return r ? [{ gender, par, courseRating: r[0], slope: r[1] }] : [];
    }),
    holesData: pars.map((p, i) => ({ number: i + 1, par: p, strokeIndex: strokeIndexes[i] })),
  };
}

// Halmstad GK, Norra banan (Tylösand): par 72.
const HALMSTAD_PARS = [4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];
const HALMSTAD_SI = [7, 3, 15, 1, 11, 5, 17, 9, 13, 8, 2, 16, 12, 4, 6, 18, 10, 14];

// Falsterbo GK (links on the Falsterbo peninsula): par 71.
const FALSTERBO_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 4, 4, 4, 3, 5, 4, 4, 3, 4, 5];
const FALSTERBO_SI = [5, 11, 17, 1, 7, 3, 15, 9, 13, 6, 2, 18, 10, 8, 4, 16, 14, 12];

// Ullna Golf & Country Club (Åkersberga): par 72.
const ULLNA_PARS = [4, 5, 3, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5, 4];
const ULLNA_SI = [9, 13, 15, 1, 5, 17, 3, 11, 7, 10, 16, 14, 2, 6, 18, 4, 12, 8];

/** The demo's courses, in a fixed order (the seed is deterministic). */
export const DEMO_COURSES: CourseInput[] = [
  {
    name: 'Norra banan',
    club: 'Halmstad Golfklubb',
    location: 'Tylösand, Halmstad',
    latitude: 56.6496,
    longitude: 12.7449,
    holes: 18,
    tees: [
      tee('Tee 61', 'yellow', HALMSTAD_PARS, HALMSTAD_SI, { male: [72.6, 134], female: [78.5, 143] }),
      tee('Tee 53', 'red', HALMSTAD_PARS, HALMSTAD_SI, { male: [68.9, 126], female: [73.9, 133] }),
    ],
  },
  {
    name: 'Falsterbo Golfklubb',
    club: 'Falsterbo Golfklubb',
    location: 'Falsterbo',
    latitude: 55.3945,
    longitude: 12.8284,
    holes: 18,
    tees: [
      tee('Tee 58', 'yellow', FALSTERBO_PARS, FALSTERBO_SI, { male: [71.3, 128], female: [76.9, 137] }),
      tee('Tee 50', 'red', FALSTERBO_PARS, FALSTERBO_SI, { male: [67.8, 121], female: [72.4, 128] }),
    ],
  },
  {
    name: 'Ullna',
    club: 'Ullna Golf & Country Club',
    location: 'Åkersberga',
    latitude: 59.4799,
    longitude: 18.1655,
    holes: 18,
    tees: [
      tee('Tee 59', 'yellow', ULLNA_PARS, ULLNA_SI, { male: [72.1, 135], female: [77.8, 142] }),
      tee('Tee 51', 'red', ULLNA_PARS, ULLNA_SI, { male: [68.4, 127], female: [73.2, 131] }),
    ],
  },
];
