import type { Gender } from '@common/options';
import type { ScoringFormat } from '@common/rules/scoring';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  ballGroups,
  courses,
  eventContests,
  eventRegistrations,
  eventResultsFinal,
  events,
  isLiveRegistration,
  orderOfMeritRules,
  scoreChanges,
  scoreSignOffs,
  scores,
  users,
} from '../db/schema';

/** An event as scoring reads it: its golf settings, start, groups' publication and final results. */
export interface ScoringEvent {
  id: number;
  title: string;
  startTime: Date;
  courseId: number | null;
  courseHoles: number | null;
  maleTeeId: number | null;
  femaleTeeId: number | null;
  scoringFormat: ScoringFormat | null;
  handicapAllowance: number;
  leaderboardHidden: boolean;
  ballGroupsPublishedAt: Date | null;
  finalizedAt: Date | null;
  finalizedBy: string | null;
  finalAutomatic: boolean | null;
}

const scoringEventColumns = {
  id: events.id,
  title: events.title,
  startTime: events.startTime,
  courseId: events.courseId,
  courseHoles: courses.holes,
  maleTeeId: events.maleTeeId,
  femaleTeeId: events.femaleTeeId,
  scoringFormat: events.scoringFormat,
  handicapAllowance: events.handicapAllowance,
  leaderboardHidden: events.leaderboardHidden,
  ballGroupsPublishedAt: events.ballGroupsPublishedAt,
  finalizedAt: eventResultsFinal.finalizedAt,
  finalizedBy: eventResultsFinal.finalizedBy,
  finalAutomatic: eventResultsFinal.automatic,
};

/** One event with its golf settings and final state (one query), or undefined. */
export async function findScoringEvent(db: Db, eventId: number): Promise<ScoringEvent | undefined> {
  const rows = await db
    .select(scoringEventColumns)
    .from(events)
    .leftJoin(courses, eq(courses.id, events.courseId))
    .leftJoin(eventResultsFinal, eq(eventResultsFinal.eventId, events.id))
    .where(eq(events.id, eventId));
  return rows[0];
}

/** A participant of a round: a live 'registered' registration with the member's golf facts. */
export interface RoundMemberRow {
  userId: string;
  groupId: number | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  username: string | null;
  gender: Gender | null;
  handicap: number | null;
}

const memberColumns = {
  userId: eventRegistrations.userId,
  groupId: eventRegistrations.groupId,
  firstName: users.firstName,
  lastName: users.lastName,
  fullName: users.fullName,
  username: users.username,
  gender: users.gender,
  // The profile's handicap; the one given at registration when the profile has none (as the groups show).
  handicap: sql<number | null>`coalesce(${users.handicap}, ${eventRegistrations.handicap})::float8`,
};

/** The event's participants (registered, live), optionally only some members. */
export async function listRoundMembers(
  db: Db,
  eventId: number,
  userIds?: string[],
): Promise<RoundMemberRow[]> {
  return db
    .select(memberColumns)
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.status, 'registered'),
        isLiveRegistration(),
        userIds ? inArray(eventRegistrations.userId, userIds) : undefined,
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id));
}

/** The event's ball groups in their order (the number a group is shown with is its place here). */
export async function listEventGroups(db: Db, eventId: number) {
  return db
    .select({
      id: ballGroups.id,
      name: ballGroups.name,
      teeTime: ballGroups.teeTime,
      startingHole: ballGroups.startingHole,
    })
    .from(ballGroups)
    .where(eq(ballGroups.eventId, eventId))
    .orderBy(asc(ballGroups.id));
}

/** A stored score. */
export interface ScoreRow {
  userId: string;
  hole: number;
  strokes: number | null;
  enteredAt: Date;
  updatedAt: Date;
}

const scoreColumns = {
  userId: scores.userId,
  hole: scores.hole,
  strokes: scores.strokes,
  enteredAt: scores.enteredAt,
  updatedAt: scores.updatedAt,
};

/** The scores of an event (optionally of some players), by player and hole. */
export async function listScores(db: Db, eventId: number, userIds?: string[]): Promise<ScoreRow[]> {
  return db
    .select(scoreColumns)
    .from(scores)
    .where(and(eq(scores.eventId, eventId), userIds ? inArray(scores.userId, userIds) : undefined))
    .orderBy(asc(scores.userId), asc(scores.hole));
}

/** The score values of an event (no timestamps: what a leaderboard ranks), by player and hole. */
export async function listScoreValues(
  db: Db,
  eventId: number,
): Promise<{ userId: string; hole: number; strokes: number | null }[]> {
  return db
    .select({ userId: scores.userId, hole: scores.hole, strokes: scores.strokes })
    .from(scores)
    .where(eq(scores.eventId, eventId))
    .orderBy(asc(scores.userId), asc(scores.hole));
}

/** One player's scores, locked for the rest of the transaction (entries for one card are applied in turn). */
export async function lockPlayerScores(tx: Db, eventId: number, userId: string): Promise<ScoreRow[]> {
  return tx
    .select(scoreColumns)
    .from(scores)
    .where(and(eq(scores.eventId, eventId), eq(scores.userId, userId)))
    .for('update');
}

/** Writes scores (insert or replace per hole). */
export async function upsertScores(
  tx: Db,
  rows: {
    eventId: number;
    userId: string;
    hole: number;
    strokes: number | null;
    enteredAt: Date;
    enteredBy: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(scores)
    .values(rows.map((r) => ({ ...r, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: [scores.eventId, scores.userId, scores.hole],
      set: {
        strokes: sql`excluded.strokes`,
        enteredAt: sql`excluded.entered_at`,
        enteredBy: sql`excluded.entered_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Moves a hole's entry time forward without changing its value (a repeated entry of the same value). */
export async function touchScoreEnteredAt(
  tx: Db,
  eventId: number,
  userId: string,
  hole: number,
  enteredAt: Date,
): Promise<void> {
  await tx
    .update(scores)
    .set({ enteredAt })
    .where(and(eq(scores.eventId, eventId), eq(scores.userId, userId), eq(scores.hole, hole)));
}

/** Appends rows to the score changes (the audit of a round). */
export async function insertScoreChanges(tx: Db, rows: (typeof scoreChanges.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(scoreChanges).values(rows);
}

/** The live registrations (status and group) of some members for an event. */
export async function findRegistrationsOf(db: Db, eventId: number, userIds: string[]) {
  return db
    .select({
      userId: eventRegistrations.userId,
      status: eventRegistrations.status,
      groupId: eventRegistrations.groupId,
    })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.userId, userIds),
        isLiveRegistration(),
      ),
    );
}

/** The sign-offs of an event's cards. */
export async function listSignOffs(db: Db, eventId: number): Promise<Map<string, Date>> {
  const rows = await db
    .select({ userId: scoreSignOffs.userId, signedAt: scoreSignOffs.signedAt })
    .from(scoreSignOffs)
    .where(eq(scoreSignOffs.eventId, eventId));
  return new Map(rows.map((r) => [r.userId, r.signedAt]));
}

/** Signs a card off (once; a second sign-off keeps the first). Answers when it was signed. */
export async function insertSignOff(
  tx: Db,
  eventId: number,
  userId: string,
  signedBy: string,
): Promise<Date> {
  await tx.insert(scoreSignOffs).values({ eventId, userId, signedBy }).onConflictDoNothing();
  const [row] = await tx
    .select({ signedAt: scoreSignOffs.signedAt })
    .from(scoreSignOffs)
    .where(and(eq(scoreSignOffs.eventId, eventId), eq(scoreSignOffs.userId, userId)));
  return row.signedAt;
}

/** Makes the results final; false when they already were. */
export async function insertResultsFinal(
  tx: Db,
  values: { eventId: number; finalizedBy: string | null; automatic: boolean; finalizedAt?: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(eventResultsFinal)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: eventResultsFinal.eventId });
  return rows.length > 0;
}

/** Reopens the results; false when they were not final. */
export async function deleteResultsFinal(tx: Db, eventId: number): Promise<boolean> {
  const rows = await tx
    .delete(eventResultsFinal)
    .where(eq(eventResultsFinal.eventId, eventId))
    .returning({ eventId: eventResultsFinal.eventId });
  return rows.length > 0;
}

/**
 * Events whose results may become final by themselves: a course, not final, and the last score stored
 * before `before` (the card checks are the service's).
 */
export async function listAutoFinalCandidates(db: Db, before: Date): Promise<number[]> {
  const rows = await db
    .select({ eventId: scores.eventId })
    .from(scores)
    .innerJoin(events, eq(events.id, scores.eventId))
    .leftJoin(eventResultsFinal, eq(eventResultsFinal.eventId, scores.eventId))
    .where(and(isNotNull(events.courseId), sql`${eventResultsFinal.eventId} is null`))
    .groupBy(scores.eventId)
    .having(sql`max(${scores.updatedAt}) < ${before.toISOString()}::timestamptz`);
  return rows.map((r) => r.eventId);
}

/** The latest score time of an event (when its last group finished), or null. */
export async function lastScoreAt(db: Db, eventId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${scores.updatedAt})` })
    .from(scores)
    .where(eq(scores.eventId, eventId));
  return row?.at ? new Date(row.at) : null;
}

const winner = alias(users, 'winner');

/** The side contests of an event with their winners' names. */
export async function listContests(db: Db, eventId: number) {
  return db
    .select({
      id: eventContests.id,
      type: eventContests.type,
      hole: eventContests.hole,
      gender: eventContests.gender,
      winnerUserId: eventContests.winnerUserId,
      measure: eventContests.measure,
      firstName: winner.firstName,
      lastName: winner.lastName,
      fullName: winner.fullName,
      username: winner.username,
    })
    .from(eventContests)
    .innerJoin(winner, eq(winner.id, eventContests.winnerUserId))
    .where(eq(eventContests.eventId, eventId))
    .orderBy(asc(eventContests.hole), asc(eventContests.id));
}

/** Stores a side contest. */
export async function insertContest(tx: Db, values: typeof eventContests.$inferInsert) {
  const [row] = await tx.insert(eventContests).values(values).returning();
  return row;
}

/** Removes a side contest of an event; false when the event has none of that id. */
export async function deleteContest(tx: Db, eventId: number, contestId: number): Promise<boolean> {
  const rows = await tx
    .delete(eventContests)
    .where(and(eq(eventContests.eventId, eventId), eq(eventContests.id, contestId)))
    .returning({ id: eventContests.id });
  return rows.length > 0;
}

const player = alias(users, 'player');
const changer = alias(users, 'changer');

/** The score changes of an event with the player's and the changer's names, newest first. */
export async function listScoreChanges(db: Db, eventId: number) {
  return db
    .select({
      id: scoreChanges.id,
      userId: scoreChanges.userId,
      hole: scoreChanges.hole,
      hadOld: scoreChanges.hadOld,
      oldStrokes: scoreChanges.oldStrokes,
      newStrokes: scoreChanges.newStrokes,
      changedBy: scoreChanges.changedBy,
      changedAt: scoreChanges.changedAt,
      afterFinal: scoreChanges.afterFinal,
      player: {
        firstName: player.firstName,
        lastName: player.lastName,
        fullName: player.fullName,
        username: player.username,
      },
      changer: {
        firstName: changer.firstName,
        lastName: changer.lastName,
        fullName: changer.fullName,
        username: changer.username,
      },
    })
    .from(scoreChanges)
    .innerJoin(player, eq(player.id, scoreChanges.userId))
    .leftJoin(changer, eq(changer.id, scoreChanges.changedBy))
    .where(eq(scoreChanges.eventId, eventId))
    .orderBy(desc(scoreChanges.changedAt), desc(scoreChanges.id))
    .limit(5000);
}

/** The season table's rules of a season, or undefined (defaults apply). */
export async function findOrderOfMeritRules(db: Db, season: number) {
  const rows = await db.select().from(orderOfMeritRules).where(eq(orderOfMeritRules.season, season));
  return rows[0];
}

/** Sets a season's rules. */
export async function upsertOrderOfMeritRules(
  tx: Db,
  values: { season: number; pointsPerPosition: number[]; bestOf: number; updatedBy: string },
): Promise<void> {
  await tx
    .insert(orderOfMeritRules)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: orderOfMeritRules.season,
      set: {
        pointsPerPosition: values.pointsPerPosition,
        bestOf: values.bestOf,
        updatedBy: values.updatedBy,
        updatedAt: new Date(),
      },
    });
}

/** The final events with a course that started in a season (a year, Swedish time), by start. */
export async function listFinalEventsOfSeason(db: Db, season: number): Promise<number[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(eventResultsFinal, eq(eventResultsFinal.eventId, events.id))
    .where(
      and(
        isNotNull(events.courseId),
        sql`extract(year from ${events.startTime} at time zone 'Europe/Stockholm') = ${season}`,
      ),
    )
    .orderBy(asc(events.startTime), asc(events.id));
  return rows.map((r) => r.id);
}

/** The final events with a course in which a member has a score, newest first. */
export async function listFinalEventsOfMember(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: events.id, startTime: events.startTime })
    .from(events)
    .innerJoin(eventResultsFinal, eq(eventResultsFinal.eventId, events.id))
    .innerJoin(scores, and(eq(scores.eventId, events.id), eq(scores.userId, userId)))
    .where(isNotNull(events.courseId))
    .orderBy(desc(events.startTime), desc(events.id))
    .limit(200);
  return rows.map((r) => r.id);
}

/** The privacy facts of a member that decide who sees their results. */
export async function findMemberPrivacy(db: Db, userId: string) {
  const rows = await db
    .select({ id: users.id, hiddenFromDirectory: users.hiddenFromDirectory, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0];
}
