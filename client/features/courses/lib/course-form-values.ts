import type { CourseHoleCount } from '@common/limits';
import { RATING_GENDERS, type RatingGender, type TeeColor } from '@common/options';
import { courseProblems, parOfHoles } from '@common/rules/course';
import { type Course, type CourseInput, courseInputSchema } from '@common/schemas/courses';

/** A number field as Mantine's NumberInput holds it: a number, or '' while empty. */
type Num = number | string;

export interface RatingFormValues {
  gender: RatingGender;
  /** Whether the tee is rated for this gender. */
  enabled: boolean;
  courseRating: Num;
  slope: Num;
}

export interface HoleFormValues {
  number: number;
  par: Num;
  strokeIndex: Num;
  lengthMeters: Num;
}

export interface TeeFormValues {
  id?: number;
  /** A key for React's list that survives reordering and removal. */
  key: string;
  name: string;
  color: TeeColor;
  /** Always [men's, women's]; the par of each is the sum of the hole pars, never typed. */
  ratings: RatingFormValues[];
  holesData: HoleFormValues[];
}

export interface CourseFormValues {
  name: string;
  club: string;
  location: string;
  latitude: Num;
  longitude: Num;
  holes: CourseHoleCount;
  tees: TeeFormValues[];
}

let keys = 0;
const newKey = () => `tee-${++keys}`;

/** Empty holes 1..count (par 4, no stroke index yet). */
export const emptyHoles = (count: number): HoleFormValues[] =>
  Array.from({ length: count }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: '', lengthMeters: '' }));

/** A new tee for a course of `count` holes, rated for both genders. */
export function newTee(count: number, name = ''): TeeFormValues {
  return {
    key: newKey(),
    name,
    color: 'yellow',
    ratings: RATING_GENDERS.map((gender) => ({ gender, enabled: true, courseRating: '', slope: '' })),
    holesData: emptyHoles(count),
  };
}

/** The holes of a tee resized to `count` (kept from the start, new ones empty). */
export function resizeHoles(holes: HoleFormValues[], count: number): HoleFormValues[] {
  return [...holes.slice(0, count), ...emptyHoles(count).slice(holes.length)];
}

/** The form's values for a stored course, or for a new one. */
export function courseFormValues(course?: Course): CourseFormValues {
  if (!course) {
    return { name: '', club: '', location: '', latitude: '', longitude: '', holes: 18, tees: [newTee(18)] };
  }
  return {
    name: course.name,
    club: course.club,
    location: course.location,
    latitude: course.latitude,
    longitude: course.longitude,
    holes: course.holes,
    tees: course.tees.map((t) => ({
      id: t.id,
      key: newKey(),
      name: t.name,
      color: t.color,
      ratings: RATING_GENDERS.map((gender) => {
        const r = t.ratings.find((x) => x.gender === gender);
        return { gender, enabled: !!r, courseRating: r?.courseRating ?? '', slope: r?.slope ?? '' };
      }),
      holesData: t.holesData.map((h) => ({
        number: h.number,
        par: h.par,
        strokeIndex: h.strokeIndex,
        lengthMeters: h.lengthMeters ?? '',
      })),
    })),
  };
}

/** '' (an empty field) as NaN, so the schema answers its own message for a missing number. */
const num = (v: Num): number => (v === '' ? Number.NaN : Number(v));

/** The payload of POST/PUT /api/admin/courses from the form. */
export function toCoursePayload(v: CourseFormValues): CourseInput {
  return {
    name: v.name,
    club: v.club,
    location: v.location,
    latitude: num(v.latitude),
    longitude: num(v.longitude),
    holes: v.holes,
    tees: v.tees.map((t) => {
      const par = parOfHoles(t.holesData.map((h) => ({ par: num(h.par) })));
      return {
        ...(t.id === undefined ? {} : { id: t.id }),
        name: t.name,
        color: t.color,
        ratings: t.ratings
          .filter((r) => r.enabled)
          .map((r) => ({ gender: r.gender, par, courseRating: num(r.courseRating), slope: num(r.slope) })),
        holesData: t.holesData.map((h) => ({
          number: h.number,
          par: num(h.par),
          strokeIndex: num(h.strokeIndex),
          ...(h.lengthMeters === '' ? {} : { lengthMeters: num(h.lengthMeters) }),
        })),
      };
    }),
  };
}

/**
 * Validates with the server's schema and rules; errors keyed as the form's fields
 * ('tees.0.holesData.2.strokeIndex'). A rating's index in the payload counts only the rated genders,
 * so it is mapped back to its place in the form.
 */
export function validateCourseForm(v: CourseFormValues): Record<string, string> {
  const payload = toCoursePayload(v);
  const parsed = courseInputSchema.safeParse(payload);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  // The schema runs the course's rules only once every field has its type; the form shows them at
  // once (a 9-hole course's '1–9', not the field's own message), before the fields' own.
  const issues = [...courseProblems(payload), ...parsed.error.issues];
  for (const issue of issues) {
    const path = [...issue.path];
    if (path[0] === 'tees' && path[2] === 'ratings' && typeof path[3] === 'number') {
      const tee = v.tees[Number(path[1])];
      const rated = tee?.ratings.flatMap((r, i) => (r.enabled ? [i] : [])) ?? [];
      path[3] = rated[path[3]] ?? path[3];
    }
    errors[path.map(String).join('.') || 'name'] ??= issue.message;
  }
  return errors;
}
