import { msg } from '@common/messages';
import { displayName } from '@common/rules/display-name';
import type { HoleScore } from '@common/rules/scoring';
import {
  type ContestInput,
  type Leaderboard,
  type PlayerScores,
  RESULTS_FINAL_AFTER_MS,
  type ResultsFinal,
  type ScoreChange,
  type Scorecard,
  type ScoresInput,
} from '@common/schemas/scoring';
import { audited, recordAudit } from '../audit/audit';
import { type Actor, isAdmin } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import {
  deleteContest,
  deleteResultsFinal,
  insertContest,
  insertResultsFinal,
  listAutoFinalCandidates,
  listScoreChanges,
} from './results.queries';
import { announceLeaderboard } from './scoring.channel';
import { canEnterScoresFor, canSeeLeaderboard, scoreLock } from './scoring.policy';
import {
  findRegistrationsOf,
  findScoringEvent,
  insertScoreChanges,
  insertSignOff,
  listEventGroups,
  listRoundMembers,
  listScores,
  listSignOffs,
  lockPlayerScores,
  type ScoringEvent,
  touchScoreEnteredAt,
  upsertScores,
} from './scoring.queries';
import { leaderboardOf, loadRound, type Round, roundPlayer, scoresByPlayer } from './scoring.round';

/** An entry time later than this ahead of the server's clock is taken as now (a phone's clock may be off). */
const FUTURE_SLACK_MS = 60_000;

const lockMessage = { not_started: msg.scoringNotStarted, final: msg.resultsAreFinal } as const;

/** The caller's published ball group with its players, holes, handicaps and scores. */
export async function scorecardFor(
  db: Db,
  actor: Actor,
  eventId: number,
  now = new Date(),
): Promise<Scorecard> {
  const round = await loadRound(db, eventId);
  const [mine] = await findRegistrationsOf(db, eventId, [actor.id]);
  if (!round.event.ballGroupsPublishedAt || !mine || mine.status !== 'registered' || mine.groupId === null)
    throw new NotFoundError(msg.notInPublishedGroup);
  const groupId = mine.groupId;
  const [groups, members, signOffs] = await Promise.all([
    listEventGroups(db, eventId),
    listRoundMembers(db, eventId),
    listSignOffs(db, eventId),
  ]);
  const mates = members.filter((m) => m.groupId === groupId);
  const scoreRows = await listScores(
    db,
    eventId,
    mates.map((m) => m.userId),
  );
  const byPlayer = scoresByPlayer(scoreRows);
  const index = groups.findIndex((g) => g.id === groupId);
  const group = groups[index];
  return {
    eventId,
    format: round.event.scoringFormat,
    holes: round.holeCount,
    final: round.final,
    canEnter: scoreLock(actor, { started: now >= round.event.startTime, final: round.final }) === null,
    group: {
      number: index + 1,
      teeTime: group?.teeTime ? group.teeTime.toISOString() : null,
      startHole: group?.startingHole ?? 1,
    },
    players: mates.map((m) => {
      const p = roundPlayer(round, m);
      return {
        userId: p.userId,
        name: p.name,
        gender: p.gender,
        handicapIndex: p.handicapIndex,
        tee: p.tee ? { id: p.tee.id, name: p.tee.name, color: p.tee.color } : null,
        courseHandicap: p.courseHandicap,
        playingHandicap: p.playingHandicap,
        holes: p.holes,
        scores: byPlayer.get(p.userId) ?? [],
        signedOffAt: signOffs.get(p.userId)?.toISOString() ?? null,
      };
    }),
  };
}

/**
 * Checks that `actor` may change `userId`'s card now: an admin or a member of the player's published
 * ball group (403 otherwise), from the event's start, and after final only an admin (409).
 */
async function requireScorer(db: Db, actor: Actor, event: ScoringEvent, userId: string, now: Date) {
  if (event.courseId === null || !event.scoringFormat) throw new NotFoundError(msg.eventHasNoCourse);
  const regs = await findRegistrationsOf(db, event.id, [...new Set([actor.id, userId])]);
  const player = regs.find((r) => r.userId === userId && r.status === 'registered');
  const own = regs.find((r) => r.userId === actor.id && r.status === 'registered');
  const allowed = canEnterScoresFor(actor, {
    published: event.ballGroupsPublishedAt !== null,
    actorGroupId: own?.groupId ?? null,
    playerGroupId: player?.groupId ?? null,
  });
  if (!allowed) throw new ForbiddenError(msg.scoreForbidden);
  if (!player) throw new NotFoundError(msg.scorePlayerNotParticipant);
  const lock = scoreLock(actor, { started: now >= event.startTime, final: event.finalizedAt !== null });
  if (lock) throw new ConflictError(lockMessage[lock]);
}

/**
 * Enters scores for some holes of a player's card. Each hole's value is applied unless the stored one was
 * entered later (`enteredAt`; an offline card's late retry never overwrites a newer entry); the same
 * value again changes nothing and logs nothing. Every real change is logged (who, when, old and new,
 * whether after final) and the leaderboard is announced, all in one transaction.
 */
export async function enterScores(
  db: Db,
  actor: Actor,
  eventId: number,
  userId: string,
  input: ScoresInput,
  now = new Date(),
): Promise<PlayerScores> {
  const event = await findScoringEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  await requireScorer(db, actor, event, userId, now);
  const holeCount = event.courseHoles ?? 18;
  const seen = new Set<number>();
  for (const h of input.holes) {
    if (h.hole > holeCount) throw new ValidationError(msg.scoreHoleNotOnCourse);
    if (seen.has(h.hole)) throw new ValidationError(msg.scoreHoleTwice);
    seen.add(h.hole);
  }
  const afterFinal = event.finalizedAt !== null;
  const result = await db.transaction(async (tx) => {
    const stored = new Map((await lockPlayerScores(tx, eventId, userId)).map((s) => [s.hole, s]));
    const writes: Parameters<typeof upsertScores>[1] = [];
    const changes: Parameters<typeof insertScoreChanges>[1] = [];
    for (const h of input.holes) {
      let enteredAt = h.enteredAt ? new Date(h.enteredAt) : now;
      if (enteredAt.getTime() > now.getTime() + FUTURE_SLACK_MS) enteredAt = now;
      const old = stored.get(h.hole);
      if (old && old.enteredAt.getTime() > enteredAt.getTime()) continue;
      if (old && old.strokes === h.strokes) {
        if (enteredAt.getTime() > old.enteredAt.getTime())
          await touchScoreEnteredAt(tx, eventId, userId, h.hole, enteredAt);
        continue;
      }
      writes.push({ eventId, userId, hole: h.hole, strokes: h.strokes, enteredAt, enteredBy: actor.id });
      changes.push({
        eventId,
        userId,
        hole: h.hole,
        hadOld: !!old,
        oldStrokes: old?.strokes ?? null,
        newStrokes: h.strokes,
        changedBy: actor.id,
        afterFinal,
      });
      stored.set(h.hole, { userId, hole: h.hole, strokes: h.strokes, enteredAt, updatedAt: now });
    }
    await upsertScores(tx, writes);
    await insertScoreChanges(tx, changes);
    if (writes.length > 0) {
      await announceLeaderboard(tx, eventId);
      if (afterFinal)
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'score.change_after_final',
          targetType: 'event',
          targetId: eventId,
          details: { userId, holes: writes.map((w) => w.hole) },
        });
    }
    return [...stored.values()].sort((a, b) => a.hole - b.hole);
  });
  const signOffs = await listSignOffs(db, eventId);
  return {
    userId,
    scores: result.map((s): HoleScore => ({ hole: s.hole, strokes: s.strokes })),
    signedOffAt: signOffs.get(userId)?.toISOString() ?? null,
  };
}

/** Signs a player's card off (the player or a group mate; an admin): every hole must have a score. */
export async function signOffCard(
  db: Db,
  actor: Actor,
  eventId: number,
  userId: string,
  now = new Date(),
): Promise<{ userId: string; signedOffAt: string }> {
  const event = await findScoringEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  await requireScorer(db, actor, event, userId, now);
  const scores = await listScores(db, eventId, [userId]);
  if (scores.length < (event.courseHoles ?? 18)) throw new ConflictError(msg.signOffIncomplete);
  const signedAt = await db.transaction(async (tx) => {
    const at = await insertSignOff(tx, eventId, userId, actor.id);
    await announceLeaderboard(tx, eventId);
    return at;
  });
  return { userId, signedOffAt: signedAt.toISOString() };
}

const finalAnswer = (eventId: number, e: ScoringEvent | undefined): ResultsFinal => ({
  eventId,
  final: !!e?.finalizedAt,
  finalizedAt: e?.finalizedAt ? e.finalizedAt.toISOString() : null,
  automatic: !!e?.finalAutomatic,
});

/** Makes an event's results final (admin; audited). Already final: answered as it is. */
export async function finalizeResults(db: Db, admin: Actor, eventId: number): Promise<ResultsFinal> {
  await loadRound(db, eventId);
  await db.transaction(async (tx) => {
    if (await insertResultsFinal(tx, { eventId, finalizedBy: admin.id, automatic: false })) {
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'results.final',
        targetType: 'event',
        targetId: eventId,
      });
      await announceLeaderboard(tx, eventId);
    }
  });
  return finalAnswer(eventId, await findScoringEvent(db, eventId));
}

/** Reopens an event's results (admin; audited): members of the groups may enter scores again. */
export async function reopenResults(db: Db, admin: Actor, eventId: number): Promise<ResultsFinal> {
  await loadRound(db, eventId);
  await db.transaction(async (tx) => {
    if (await deleteResultsFinal(tx, eventId)) {
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'results.reopen',
        targetType: 'event',
        targetId: eventId,
      });
      await announceLeaderboard(tx, eventId);
    }
  });
  return finalAnswer(eventId, await findScoringEvent(db, eventId));
}

/**
 * Makes final the results of every round whose last score is RESULTS_FINAL_AFTER_MS old and where every
 * player who started has a score on every hole (the pg-boss sweep; audited with no actor). Answers the
 * events made final.
 */
export async function finalizeDueResults(db: Db, now = new Date()): Promise<number[]> {
  const done: number[] = [];
  for (const eventId of await listAutoFinalCandidates(db, new Date(now.getTime() - RESULTS_FINAL_AFTER_MS))) {
    const event = await findScoringEvent(db, eventId);
    if (!event || event.finalizedAt || !event.courseHoles) continue;
    const counts = new Map<string, number>();
    for (const s of await listScores(db, eventId)) counts.set(s.userId, (counts.get(s.userId) ?? 0) + 1);
    if ([...counts.values()].some((n) => n < (event.courseHoles ?? 18))) continue;
    const made = await db.transaction(async (tx) => {
      if (!(await insertResultsFinal(tx, { eventId, finalizedBy: null, automatic: true }))) return false;
      await recordAudit(tx, {
        actorId: null,
        action: 'results.final',
        targetType: 'event',
        targetId: eventId,
        details: { automatic: true },
      });
      await announceLeaderboard(tx, eventId);
      return true;
    });
    if (made) done.push(eventId);
  }
  return done;
}

/** Whether the viewer is a participant of the event (a live 'registered' registration). */
async function isParticipant(db: Db, eventId: number, userId: string): Promise<boolean> {
  const [r] = await findRegistrationsOf(db, eventId, [userId]);
  return r?.status === 'registered';
}

/** The round, when the viewer may see its leaderboard (403 otherwise, 404 without an event or course). */
export async function requireLeaderboardRound(db: Db, viewer: Actor, eventId: number): Promise<Round> {
  const round = await loadRound(db, eventId);
  if (isAdmin(viewer) || round.final) return round;
  const participant = await isParticipant(db, eventId, viewer.id);
  if (!canSeeLeaderboard(viewer, { participant, final: round.final, hidden: round.event.leaderboardHidden }))
    throw new ForbiddenError(
      participant && round.event.leaderboardHidden
        ? msg.leaderboardHiddenUntilFinal
        : msg.leaderboardForbidden,
    );
  return round;
}

/** The leaderboard as the viewer may see it. */
export async function leaderboardFor(db: Db, viewer: Actor, eventId: number): Promise<Leaderboard> {
  return leaderboardOf(db, await requireLeaderboardRound(db, viewer, eventId));
}

/** Adds a side contest (admin; audited): the hole must be on the course and the winner a participant. */
export async function addContest(
  db: Db,
  admin: Actor,
  eventId: number,
  input: ContestInput,
): Promise<Leaderboard> {
  const round = await loadRound(db, eventId);
  if (input.hole > round.holeCount) throw new ValidationError(msg.contestHoleNotOnCourse);
  if (!(await isParticipant(db, eventId, input.winnerUserId)))
    throw new ValidationError(msg.contestWinnerNotParticipant);
  await audited(
    db,
    async (tx) => {
      const row = await insertContest(tx, {
        eventId,
        type: input.type,
        hole: input.hole,
        gender: input.gender ?? null,
        winnerUserId: input.winnerUserId,
        measure: input.measure?.trim() ? input.measure.trim() : null,
        createdBy: admin.id,
      });
      await announceLeaderboard(tx, eventId);
      return row;
    },
    (row) => ({
      actorId: admin.id,
      action: 'contest.create',
      targetType: 'event',
      targetId: eventId,
      details: { contestId: row.id, type: row.type, hole: row.hole, winnerUserId: row.winnerUserId },
    }),
  );
  return leaderboardOf(db, round);
}

/** Removes a side contest (admin; audited). */
export async function removeContest(db: Db, admin: Actor, eventId: number, contestId: number): Promise<void> {
  await audited(
    db,
    async (tx) => {
      if (!(await deleteContest(tx, eventId, contestId))) throw new NotFoundError(msg.contestNotFound);
      await announceLeaderboard(tx, eventId);
    },
    () => ({
      actorId: admin.id,
      action: 'contest.delete',
      targetType: 'event',
      targetId: eventId,
      details: { contestId },
    }),
  );
}

/** Every change of the event's scores with names (the admin's audit). */
export async function scoreChangesOf(db: Db, eventId: number): Promise<ScoreChange[]> {
  if (!(await findScoringEvent(db, eventId))) throw new NotFoundError(msg.eventNotFound);
  const rows = await listScoreChanges(db, eventId);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    playerName: displayName({ ...r.player, id: r.userId }),
    hole: r.hole,
    hadOld: r.hadOld,
    oldStrokes: r.oldStrokes,
    newStrokes: r.newStrokes,
    changedBy: r.changedBy,
    changedByName: r.changedBy && r.changer ? displayName({ ...r.changer, id: r.changedBy }) : null,
    changedAt: r.changedAt.toISOString(),
    afterFinal: r.afterFinal,
  }));
}
