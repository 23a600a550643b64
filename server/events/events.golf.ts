import { msg } from '@common/messages';
import type { EventGolf } from '@common/schemas/scoring';
import { findCourse } from '../courses/courses.queries';
import type { Db } from '../db/client';
import type { events } from '../db/schema';
import { ValidationError } from '../errors';

/** An event row (the presenter's EventRow; named here so the presenter can import this file one way). */
type EventRow = typeof events.$inferSelect;

/** The golf columns of an event row (issue 29). */
export type EventGolfValues = Pick<
  EventRow,
  'courseId' | 'maleTeeId' | 'femaleTeeId' | 'scoringFormat' | 'handicapAllowance' | 'leaderboardHidden'
>;

/** The golf fields of the admin's payload (eventGolfFieldsSchema): undefined keeps, null clears. */
export interface GolfInput {
  courseId?: number | null;
  teeIds?: { male?: number | null; female?: number | null } | null;
  scoringFormat?: EventRow['scoringFormat'];
  handicapAllowance?: number;
  leaderboardHidden?: boolean;
}

/**
 * The golf columns an event gets from the admin's payload, checked against the course: it exists, each
 * tee belongs to it and is rated for the gender it is named for, at least one tee, and a format. Fields
 * left out keep the current values (`current`, null on create); a null course clears the tees and format.
 */
export async function golfValues(
  db: Db,
  input: GolfInput,
  current: EventGolfValues | null,
): Promise<EventGolfValues> {
  const courseId = input.courseId === undefined ? (current?.courseId ?? null) : input.courseId;
  const handicapAllowance = input.handicapAllowance ?? current?.handicapAllowance ?? 100;
  const leaderboardHidden = input.leaderboardHidden ?? current?.leaderboardHidden ?? false;
  const keepTees = input.teeIds === undefined && input.courseId === undefined;
  const male =
    input.teeIds === undefined
      ? keepTees
        ? (current?.maleTeeId ?? null)
        : null
      : (input.teeIds?.male ?? null);
  const female =
    input.teeIds === undefined
      ? keepTees
        ? (current?.femaleTeeId ?? null)
        : null
      : (input.teeIds?.female ?? null);
  if (courseId === null) {
    if (male !== null || female !== null) throw new ValidationError(msg.eventTeeWithoutCourse);
    return {
      courseId: null,
      maleTeeId: null,
      femaleTeeId: null,
      scoringFormat: null,
      handicapAllowance,
      leaderboardHidden,
    };
  }
  const scoringFormat = input.scoringFormat ?? current?.scoringFormat ?? null;
  if (!scoringFormat) throw new ValidationError(msg.eventFormatRequired);
  const course = await findCourse(db, courseId);
  if (!course) throw new ValidationError(msg.courseNotFound);
  if (male === null && female === null) throw new ValidationError(msg.eventTeeRequired);
  for (const [teeId, gender] of [
    [male, 'male'],
    [female, 'female'],
  ] as const) {
    if (teeId === null) continue;
    const tee = course.tees.find((t) => t.id === teeId);
    if (!tee) throw new ValidationError(msg.eventTeeNotOnCourse);
    if (!tee.ratings.some((r) => r.gender === gender))
      throw new ValidationError(gender === 'male' ? msg.eventTeeNotRatedMale : msg.eventTeeNotRatedFemale);
  }
  return {
    courseId,
    maleTeeId: male,
    femaleTeeId: female,
    scoringFormat,
    handicapAllowance,
    leaderboardHidden,
  };
}

/** The event's golf settings as the event page reads them, or null without a course. */
export function presentGolf(e: EventGolfValues, courseName: string | null): EventGolf | null {
  if (e.courseId === null || !e.scoringFormat) return null;
  return {
    courseId: e.courseId,
    courseName: courseName ?? '',
    teeIds: { male: e.maleTeeId, female: e.femaleTeeId },
    scoringFormat: e.scoringFormat,
    handicapAllowance: e.handicapAllowance,
    leaderboardHidden: e.leaderboardHidden,
  };
}

/** The name of the event's course (for its golf settings), or null. */
export async function courseNameOf(db: Db, e: Pick<EventRow, 'courseId'>): Promise<string | null> {
  if (e.courseId === null) return null;
  return (await findCourse(db, e.courseId))?.name ?? null;
}
