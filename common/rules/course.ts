import {
  COURSE_RATING_MAX,
  COURSE_RATING_MIN,
  type CourseHoleCount,
  HOLE_PAR_MAX,
  HOLE_PAR_MIN,
} from '../limits';
import { msg } from '../messages';

/**
 * The rules of a course's tees (issue 29), shared by the server's schema, the admin form and the holes
 * CSV import.
 *
 * Par per gender and hole pars: a tee has one par per hole, and each of its ratings (men's, women's)
 * must carry the par that those holes add up to. Where a club gives women a different par on some
 * holes (a long par 4 that is a par 5 from the red tee), that tee is entered twice, e.g. "Röd (dam)"
 * with its own hole pars, so that strokes and points per hole always read one par.
 */

/** One hole of a tee as the rules read it. */
export interface HoleInput {
  number: number;
  par: number;
  strokeIndex: number;
  lengthMeters?: number | null;
}

/** One rating of a tee as the rules read it. */
export interface RatingInput {
  gender: string;
  par: number;
  courseRating: number;
}

/** One tee as the rules read it. */
export interface TeeInput {
  name: string;
  ratings: RatingInput[];
  holesData: HoleInput[];
}

/** A problem with its place in the course (zod's path), for the form to show beside the field. */
export interface CourseProblem {
  path: (string | number)[];
  message: string;
}

/** The sum of the hole pars. */
export const parOfHoles = (holes: readonly { par: number }[]): number =>
  holes.reduce((sum, h) => sum + h.par, 0);

/** The course ratings allowed for a course of `holes` holes (a 9-hole rating is about half). */
export function courseRatingRange(holes: CourseHoleCount): { min: number; max: number } {
  const share = holes / 18;
  return { min: COURSE_RATING_MIN * share, max: COURSE_RATING_MAX * share };
}

/** Problems with a tee's holes: all `count` of them in order 1..count, pars 3-6, stroke indexes 1..count once each. */
export function holesProblems(holes: readonly HoleInput[], count: number): CourseProblem[] {
  if (holes.length !== count)
    return [{ path: [], message: msg.holeCountMismatch.replace('{n}', String(count)) }];
  const problems: CourseProblem[] = [];
  const seen = new Map<number, number>();
  holes.forEach((hole, i) => {
    if (hole.number !== i + 1)
      problems.push({ path: [i, 'number'], message: msg.holeNumberOrder.replace('{n}', String(count)) });
    if (!Number.isInteger(hole.par) || hole.par < HOLE_PAR_MIN || hole.par > HOLE_PAR_MAX)
      problems.push({ path: [i, 'par'], message: msg.holeParInvalid });
    const si = hole.strokeIndex;
    if (!Number.isInteger(si) || si < 1 || si > count) {
      problems.push({
        path: [i, 'strokeIndex'],
        message: msg.strokeIndexInvalid.replace('{n}', String(count)),
      });
    } else if (seen.has(si)) {
      const message = msg.strokeIndexDuplicate.replace('{index}', String(si)).replace('{n}', String(count));
      problems.push({ path: [i, 'strokeIndex'], message });
    } else {
      seen.set(si, i);
    }
  });
  return problems;
}

/** Problems with one tee of a course of `count` holes: its holes, and each rating's par and course rating. */
export function teeProblems(tee: TeeInput, count: CourseHoleCount): CourseProblem[] {
  const problems = holesProblems(tee.holesData, count).map((p) => ({ ...p, path: ['holesData', ...p.path] }));
  const genders = new Set<string>();
  const { min, max } = courseRatingRange(count);
  const holesValid = problems.length === 0;
  const sum = parOfHoles(tee.holesData);
  tee.ratings.forEach((rating, i) => {
    if (genders.has(rating.gender))
      problems.push({ path: ['ratings', i, 'gender'], message: msg.teeRatingGenderDuplicate });
    genders.add(rating.gender);
    // Written so that a missing number (NaN, an empty field in the form) is out of range too.
    if (!(rating.courseRating >= min && rating.courseRating <= max)) {
      const message = count === 9 ? msg.courseRatingNineInvalid : msg.courseRatingInvalid;
      problems.push({ path: ['ratings', i, 'courseRating'], message });
    }
    // The sum is only worth telling once the holes themselves are right.
    if (holesValid && rating.par !== sum)
      problems.push({ path: ['ratings', i, 'par'], message: msg.courseParSum.replace('{sum}', String(sum)) });
  });
  return problems;
}

/** Problems with a whole course: each tee's, and two tees of one name. */
export function courseProblems(course: {
  holes: CourseHoleCount;
  tees: readonly TeeInput[];
}): CourseProblem[] {
  const problems: CourseProblem[] = [];
  const names = new Set<string>();
  course.tees.forEach((tee, i) => {
    const key = tee.name.trim().toLocaleLowerCase('sv');
    if (names.has(key)) problems.push({ path: ['tees', i, 'name'], message: msg.teeNameDuplicate });
    names.add(key);
    for (const p of teeProblems(tee, course.holes)) problems.push({ ...p, path: ['tees', i, ...p.path] });
  });
  return problems;
}
