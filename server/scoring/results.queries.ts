// What a round leaves behind: final results, side contests, the audit of changes, the season table and
// the results history (scoring.queries.ts holds the round itself: event, players, groups, scores, sign-offs).
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  eventContests,
  eventResultsFinal,
  events,
  orderOfMeritRules,
  scoreChanges,
  scores,
  users,
} from '../db/schema';

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
