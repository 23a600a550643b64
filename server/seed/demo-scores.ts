import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventContests, eventResultsFinal, events, scoreChanges, scoreSignOffs, scores } from '../db/schema';
import type { RegistrationInsert, SeededEvent } from './demo-registrations';
import { HOUR, MINUTE, type Rng } from './random';

/** A demo course as inserted: its id, name and tees with their ratings and holes. */
export interface SeededCourse {
  id: number;
  name: string;
  club: string;
  tees: {
    id: number;
    ratings: { gender: 'male' | 'female' }[];
    holes: { number: number; par: number; strokeIndex: number }[];
  }[];
}

/**
 * The past event that gets a scored round in the demo (issue 29): the most recent round at a Swedish
 * course (day or evening) that has ended with at least eight players, else the most recent ended event
 * that is not a trip. Undefined when none has ended.
 */
export function pickScoredEvent(seeded: SeededEvent[], now: Date): SeededEvent | undefined {
  const ended = seeded
    .filter((e) => e.plan.row.endTime.getTime() < now.getTime() && e.plan.registered >= 8)
    .sort((a, b) => b.plan.row.startTime.getTime() - a.plan.row.startTime.getTime());
  return (
    ended.find((e) => e.plan.kind === 'day-round' || e.plan.kind === 'evening-round') ??
    ended.find((e) => !e.plan.kind.includes('trip'))
  );
}

/** The demo course an event plays: the one whose club its location names, else the last (Ullna). */
export function courseFor(event: SeededEvent, courses: SeededCourse[]): SeededCourse {
  const location = event.plan.row.location.toLowerCase();
  return (
    courses.find((c) => location.includes(c.club.split(' ')[0].toLowerCase())) ?? courses[courses.length - 1]
  );
}

/** Strokes on a hole for a player of this handicap: par plus their share of bogeys, some luck, a pick-up now and then. */
function strokesFor(rng: Rng, par: number, handicap: number | null, strokeIndex: number): number | null {
  const h = Math.max(0, handicap ?? 28);
  const share = Math.floor(h / 18) + (strokeIndex <= Math.round(h % 18) ? 1 : 0);
  const luck = rng.pick([-1, 0, 0, 0, 1, 1]);
  const over = Math.max(-1, share + luck);
  if (over >= 3 && rng.chance(0.35)) return null;
  return Math.min(15, Math.max(1, par + over));
}

/**
 * A finished, final round on the chosen past event: the course and tees (men's and women's), stableford
 * at 95 %, published groups, a full card per grouped player entered during the round by the group's
 * first player, signed off, final 2 hours after the last score, and two side contests.
 */
export async function seedDemoRound(
  tx: Db,
  rng: Rng,
  event: SeededEvent,
  course: SeededCourse,
  registrations: RegistrationInsert[],
  genders: Map<string, 'male' | 'female' | 'other' | null>,
): Promise<void> {
  const maleTee = course.tees.find((t) => t.ratings.some((r) => r.gender === 'male'));
  const femaleTee = [...course.tees].reverse().find((t) => t.ratings.some((r) => r.gender === 'female'));
  const layout = [...(maleTee ?? course.tees[0]).holes].sort((a, b) => a.number - b.number);
  const start = event.plan.row.startTime;
  const players = registrations.filter(
    (r) => r.eventId === event.id && r.status === 'registered' && r.groupId != null,
  );
  const scorerOf = new Map<number, string>();
  for (const p of players)
    if (!scorerOf.has(p.groupId as number)) scorerOf.set(p.groupId as number, p.userId);
  const groupOrder = [...scorerOf.keys()].sort((a, b) => a - b);

  const scoreRows: (typeof scores.$inferInsert)[] = [];
  const changeRows: (typeof scoreChanges.$inferInsert)[] = [];
  let last = start;
  for (const p of players) {
    const groupIndex = groupOrder.indexOf(p.groupId as number);
    const scorer = scorerOf.get(p.groupId as number) as string;
    for (const hole of layout) {
      // Groups go out 10 minutes apart and take about 13 minutes a hole.
      const at = new Date(start.getTime() + groupIndex * 10 * MINUTE + hole.number * 13 * MINUTE);
      if (at > last) last = at;
      const strokes = strokesFor(rng, hole.par, p.handicap ?? null, hole.strokeIndex);
      scoreRows.push({
        eventId: event.id,
        userId: p.userId,
        hole: hole.number,
        strokes,
        enteredAt: at,
        enteredBy: scorer,
        updatedAt: at,
      });
      changeRows.push({
        eventId: event.id,
        userId: p.userId,
        hole: hole.number,
        hadOld: false,
        oldStrokes: null,
        newStrokes: strokes,
        changedBy: scorer,
        changedAt: at,
      });
    }
  }
  await tx
    .update(events)
    .set({
      courseId: course.id,
      maleTeeId: maleTee?.id ?? null,
      femaleTeeId: femaleTee?.id ?? null,
      scoringFormat: 'stableford',
      handicapAllowance: 95,
      leaderboardHidden: false,
      ballGroupsPublishedAt: new Date(start.getTime() - 48 * HOUR),
    })
    .where(eqId(event.id));
  if (scoreRows.length === 0) return;
  await tx.insert(scores).values(scoreRows);
  await tx.insert(scoreChanges).values(changeRows);
  await tx.insert(scoreSignOffs).values(
    players.map((p) => ({
      eventId: event.id,
      userId: p.userId,
      signedBy: p.userId,
      signedAt: new Date(last.getTime() + 15 * MINUTE),
    })),
  );
  await tx
    .insert(eventResultsFinal)
    .values({ eventId: event.id, finalizedAt: new Date(last.getTime() + 2 * HOUR), automatic: true });
  const women = players.filter((p) => genders.get(p.userId) === 'female');
  const men = players.filter((p) => genders.get(p.userId) === 'male');
  const par3 = layout.find((h) => h.par === 3) ?? layout[0];
  const par5 = layout.find((h) => h.par === 5) ?? layout[layout.length - 1];
  const contests: (typeof eventContests.$inferInsert)[] = [];
  if (men.length > 0)
    contests.push({
      eventId: event.id,
      type: 'closest_to_pin',
      hole: par3.number,
      gender: women.length > 0 ? 'male' : null,
      winnerUserId: rng.pick(men).userId,
      measure: `${rng.int(1, 4)},${rng.int(10, 99)} m`,
      createdAt: last,
    });
  if (women.length > 0)
    contests.push({
      eventId: event.id,
      type: 'longest_drive',
      hole: par5.number,
      gender: 'female',
      winnerUserId: rng.pick(women).userId,
      measure: `${rng.int(170, 215)} m`,
      createdAt: last,
    });
  if (contests.length > 0) await tx.insert(eventContests).values(contests);
}

const eqId = (id: number) => eq(events.id, id);
