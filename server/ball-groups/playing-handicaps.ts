import { courseHandicap, playingHandicap } from '@common/rules/playing-handicap';
import { findCourse } from '../courses/courses.queries';
import type { Db } from '../db/client';
import { findEventGolf } from './ball-groups.queries';

/** A member's course and playing handicap at an event (null: no handicap, no gender with a tee, no course). */
export interface PlayerHandicaps {
  courseHandicap: number | null;
  playingHandicap: number | null;
}

/**
 * Course and playing handicaps of an event's members (issue 29): the member's handicap index, the event's
 * tee for their gender and its allowance, by the shared WHS rules (9-hole courses with half the index).
 * Empty when the event names no course; a member without a handicap or a rated gender gets nulls.
 */
export async function eventPlayingHandicaps(
  db: Db,
  eventId: number,
  members: readonly { userId: string; handicap: number | null; gender: string | null }[],
): Promise<Map<string, PlayerHandicaps>> {
  const result = new Map<string, PlayerHandicaps>();
  const golf = await findEventGolf(db, eventId);
  if (!golf?.courseId) return result;
  const course = await findCourse(db, golf.courseId);
  if (!course) return result;
  const holes = course.holes === 9 ? 9 : 18;
  for (const m of members) {
    const teeId = m.gender === 'male' ? golf.maleTeeId : m.gender === 'female' ? golf.femaleTeeId : null;
    const tee = course.tees.find((t) => t.id === teeId);
    const rating = tee?.ratings.find((r) => r.gender === m.gender);
    const index = m.handicap === null ? null : Number(m.handicap);
    result.set(
      m.userId,
      index === null || !rating
        ? { courseHandicap: null, playingHandicap: null }
        : {
            courseHandicap: courseHandicap(index, rating, holes),
            playingHandicap: playingHandicap(index, rating, holes, golf.handicapAllowance),
          },
    );
  }
  return result;
}
