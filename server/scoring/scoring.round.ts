import { msg } from '@common/messages';
import type { RatingGender } from '@common/options';
import { displayName } from '@common/rules/display-name';
import { courseHandicap, playingHandicap, strokesPerHole } from '@common/rules/playing-handicap';
import { type HoleScore, type PlayedHole, rankPlayers, type ScoringFormat } from '@common/rules/scoring';
import type { Leaderboard } from '@common/schemas/scoring';
import { type CourseWithTees, findCourse, type TeeRow } from '../courses/courses.queries';
import type { Db } from '../db/client';
import { NotFoundError } from '../errors';
import { listContests } from './results.queries';
import {
  findScoringEvent,
  listRoundMembers,
  listScoreValues,
  type RoundMemberRow,
  type ScoreRow,
  type ScoringEvent,
} from './scoring.queries';

/**
 * A round: an event with a course, as scoring computes on it. Every figure comes from the shared rules
 * (common/rules/playing-handicap.ts, common/rules/scoring.ts); nothing here redoes their arithmetic.
 */
export interface Round {
  event: ScoringEvent & { courseId: number; scoringFormat: ScoringFormat };
  course: CourseWithTees;
  holeCount: 9 | 18;
  final: boolean;
}

/** A player of a round with their tee, handicaps and holes (par, stroke index, strokes received). */
export interface RoundPlayer {
  userId: string;
  name: string;
  groupId: number | null;
  gender: RatingGender | null;
  handicapIndex: number | null;
  tee: TeeRow | null;
  courseHandicap: number | null;
  playingHandicap: number | null;
  holes: (PlayedHole & { lengthMeters: number | null })[];
}

/** The round of an event, or NotFoundError (no event, or an event without a course). */
export async function loadRound(db: Db, eventId: number): Promise<Round> {
  const event = await findScoringEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  return roundOf(db, event);
}

/** The round of a loaded event (its course read), or NotFoundError without a course. */
export async function roundOf(db: Db, event: ScoringEvent): Promise<Round> {
  if (event.courseId === null || !event.scoringFormat) throw new NotFoundError(msg.eventHasNoCourse);
  const course = await findCourse(db, event.courseId);
  if (!course) throw new NotFoundError(msg.eventHasNoCourse);
  return {
    event: { ...event, courseId: event.courseId, scoringFormat: event.scoringFormat },
    course,
    holeCount: course.holes === 9 ? 9 : 18,
    final: event.finalizedAt !== null,
  };
}

const ratingGender = (g: string | null): RatingGender | null => (g === 'male' || g === 'female' ? g : null);

/**
 * A participant as the round sees them: the tee for their gender (the event's), course and playing
 * handicap from their index and the allowance, strokes received per hole. Without a handicap index or a
 * gender with a tee the handicaps are null and no strokes are received (their card still has the holes,
 * of the men's tee or else the women's).
 */
export function roundPlayer(round: Round, m: RoundMemberRow): RoundPlayer {
  const gender = ratingGender(m.gender);
  const teeId =
    gender === 'male' ? round.event.maleTeeId : gender === 'female' ? round.event.femaleTeeId : null;
  const tee = round.course.tees.find((t) => t.id === teeId) ?? null;
  const rating = tee && gender ? tee.ratings.find((r) => r.gender === gender) : undefined;
  const layoutTee =
    tee ??
    round.course.tees.find((t) => t.id === round.event.maleTeeId) ??
    round.course.tees.find((t) => t.id === round.event.femaleTeeId) ??
    round.course.tees[0];
  const index = m.handicap === null ? null : Number(m.handicap);
  const ch = index !== null && rating ? courseHandicap(index, rating, round.holeCount) : null;
  const ph =
    index !== null && rating
      ? playingHandicap(index, rating, round.holeCount, round.event.handicapAllowance)
      : null;
  const layout = [...(layoutTee?.holes ?? [])].sort((a, b) => a.number - b.number);
  const received = ph === null ? new Map<number, number>() : strokesPerHole(ph, layout);
  return {
    userId: m.userId,
    name: displayName({ ...m, id: m.userId }),
    groupId: m.groupId,
    gender,
    handicapIndex: index,
    tee: tee,
    courseHandicap: ch,
    playingHandicap: ph,
    holes: layout.map((h) => ({
      number: h.number,
      par: h.par,
      strokeIndex: h.strokeIndex,
      lengthMeters: h.lengthMeters,
      received: received.get(h.number) ?? 0,
    })),
  };
}

/** Scores by player, as the rules read them. */
export function scoresByPlayer(
  rows: readonly Pick<ScoreRow, 'userId' | 'hole' | 'strokes'>[],
): Map<string, HoleScore[]> {
  const map = new Map<string, HoleScore[]>();
  for (const r of rows) {
    const list = map.get(r.userId) ?? [];
    list.push({ hole: r.hole, strokes: r.strokes });
    map.set(r.userId, list);
  }
  return map;
}

/** The ranked rows of a round (rankPlayers with the event id as the lot's seed). */
export function rankRound(round: Round, players: readonly RoundPlayer[], byPlayer: Map<string, HoleScore[]>) {
  return rankPlayers(
    round.event.scoringFormat,
    players.map((p) => ({
      ...p,
      // A player without a playing handicap is ranked as a scratch player (no strokes received).
      playingHandicap: p.playingHandicap ?? 0,
      shownHandicap: p.playingHandicap,
      scores: byPlayer.get(p.userId) ?? [],
    })),
    String(round.event.id),
  );
}

/** A round with its players and their scores, ranked (`known` members when the caller holds them). */
export async function rankedRound(db: Db, round: Round, known?: RoundMemberRow[]) {
  const [members, scoreRows] = await Promise.all([
    known ?? listRoundMembers(db, round.event.id),
    listScoreValues(db, round.event.id),
  ]);
  const players = members.map((m) => roundPlayer(round, m));
  return { players, ranked: rankRound(round, players, scoresByPlayer(scoreRows)), scoreRows };
}

/** The leaderboard of a round (GET /api/events/{id}/leaderboard and the pushed 'leaderboard' event). */
export async function leaderboardOf(db: Db, round: Round, members?: RoundMemberRow[]): Promise<Leaderboard> {
  const [{ ranked }, contests] = await Promise.all([
    rankedRound(db, round, members),
    listContests(db, round.event.id),
  ]);
  const format = round.event.scoringFormat;
  return {
    eventId: round.event.id,
    format,
    final: round.final,
    rows: ranked.map(({ player, totals, position }) => ({
      position,
      userId: player.userId,
      name: player.name,
      playingHandicap: player.shownHandicap,
      thru: totals.thru,
      gross: totals.gross,
      net: totals.net,
      points: totals.points,
      toPar: (format === 'stroke_gross' ? totals.gross : totals.net) - totals.parPlayed,
    })),
    contests: contests.map((c) => ({
      id: c.id,
      type: c.type,
      hole: c.hole,
      gender: c.gender,
      winnerUserId: c.winnerUserId,
      winnerName: displayName({ ...c, id: c.winnerUserId }),
      measure: c.measure,
    })),
  };
}

/**
 * Leaderboards for live pushes (issue 29): the course and the participants of an event are kept for
 * `ttlMs` (they do not change while a round is played; a change shows within that time), so a push reads
 * the event (its final state), the scores and the contests: three statements instead of six.
 */
export function createPushLeaderboards(ttlMs = 5000) {
  const kept = new Map<
    number,
    { at: number; courseId: number; course: CourseWithTees; members: RoundMemberRow[] }
  >();
  return async (db: Db, eventId: number): Promise<Leaderboard | null> => {
    const event = await findScoringEvent(db, eventId);
    if (!event || event.courseId === null || !event.scoringFormat) return null;
    let entry = kept.get(eventId);
    if (!entry || entry.courseId !== event.courseId || Date.now() - entry.at > ttlMs) {
      const [course, members] = await Promise.all([
        findCourse(db, event.courseId),
        listRoundMembers(db, eventId),
      ]);
      if (!course) return null;
      entry = { at: Date.now(), courseId: event.courseId, course, members };
      kept.set(eventId, entry);
    }
    const round: Round = {
      event: { ...event, courseId: event.courseId, scoringFormat: event.scoringFormat },
      course: entry.course,
      holeCount: entry.course.holes === 9 ? 9 : 18,
      final: event.finalizedAt !== null,
    };
    return leaderboardOf(db, round, entry.members);
  };
}
