import type { ScoringFormat } from '@common/rules/scoring';
import type { Course } from '@common/schemas/courses';
import type { EventGolf, EventGolfFields } from '@common/schemas/scoring';

/** The golf part of the admin event form (issue 29): strings as Mantine's selects hold them. */
export interface GolfFormValues {
  /** '' = no scoring on this event. */
  courseId: string;
  teeMale: string;
  teeFemale: string;
  scoringFormat: ScoringFormat;
  handicapAllowance: number | string;
  leaderboardHidden: boolean;
}

/** The golf settings an event answers with (`golf` on the event detail), or null without them. */
export function eventGolfOf(event: unknown): EventGolf | null {
  if (typeof event !== 'object' || event === null || !('golf' in event)) return null;
  return (event as { golf: EventGolf | null }).golf ?? null;
}

/** The form's golf values for a new event or from an event's `golf`. */
export function initialGolfValues(golf: EventGolf | null): GolfFormValues {
  return {
    courseId: golf ? String(golf.courseId) : '',
    teeMale: golf?.teeIds.male ? String(golf.teeIds.male) : '',
    teeFemale: golf?.teeIds.female ? String(golf.teeIds.female) : '',
    scoringFormat: golf?.scoringFormat ?? 'stableford',
    handicapAllowance: golf?.handicapAllowance ?? 100,
    leaderboardHidden: golf?.leaderboardHidden ?? false,
  };
}

const idOrNull = (v: string) => (v === '' ? null : Number(v));

/**
 * The golf fields of POST/PUT /api/events (eventGolfFieldsSchema): without a course every field is
 * cleared (courseId null), so an event without golf has no scoring.
 */
export function toGolfPayload(v: GolfFormValues): EventGolfFields {
  if (v.courseId === '') return { courseId: null, teeIds: null };
  return {
    courseId: Number(v.courseId),
    teeIds: { male: idOrNull(v.teeMale), female: idOrNull(v.teeFemale) },
    scoringFormat: v.scoringFormat,
    handicapAllowance: v.handicapAllowance === '' ? 100 : Number(v.handicapAllowance),
    leaderboardHidden: v.leaderboardHidden,
  };
}

/** The tees of a course that have a rating for a gender, as select options. */
export function teeOptions(course: Course | undefined, gender: 'male' | 'female') {
  return (course?.tees ?? [])
    .filter((t) => t.ratings.some((r) => r.gender === gender))
    .map((t) => ({ value: String(t.id), label: t.name }));
}

/** The golf field errors the form shows (Swedish), keyed by form field. */
export function validateGolf(v: GolfFormValues): Record<string, string> {
  if (v.courseId === '') return {};
  const errors: Record<string, string> = {};
  if (v.teeMale === '' && v.teeFemale === '') errors['golf.teeMale'] = 'Välj en tee för herrar eller damer';
  const allowance = Number(v.handicapAllowance);
  if (v.handicapAllowance !== '' && (!Number.isInteger(allowance) || allowance < 1 || allowance > 100))
    errors['golf.handicapAllowance'] = 'Handicapandelen ska vara 1–100 %';
  return errors;
}
