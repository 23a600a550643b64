import type { Gender } from '@common/options';
import type { ScoringFormat } from '@common/rules/scoring';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  ballGroups,
  courses,
  eventRegistrations,
  eventResultsFinal,
  events,
  isLiveRegistration,
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
