import type { MeetAgainChoice, MeetAgainMatchKind } from '@common/options';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/users.presenter';
import { advisoryXactLock } from '../db/advisory-lock';
import type { Db } from '../db/client';
import { eventRegistrations, events, meetAgainAnswers, meetAgainMatches, users } from '../db/schema';

/** A member as 'Vill ses igen' shows them: public name and avatar only (the user row's public part). */
export type MeetAgainMemberRow = Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'fullName' | 'username' | 'profileImageId' | 'profileImageUrl'
>;

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  fullName: users.fullName,
  username: users.username,
  profileImageId: users.profileImageId,
  profileImageUrl: users.profileImageUrl,
};

/** The event's title and times, or undefined. */
export async function findMeetAgainEvent(db: Db, eventId: number) {
  const [row] = await db
    .select({ id: events.id, title: events.title, endTime: events.endTime, status: events.status })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** Whether the member was checked in at the event: a live, registered place with `attendance: present`. */
export async function wasCheckedIn(db: Db, eventId: number, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.userId, userId),
        eq(eventRegistrations.status, 'registered'),
        eq(eventRegistrations.attendance, 'present'),
        sql`${eventRegistrations.cancelledAt} is null`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether the member takes part in 'Vill ses igen' (their privacy setting); false for a gone member. */
export async function meetAgainEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: users.meetAgainEnabled })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`, sql`${users.suspendedAt} is null`));
  return row?.on ?? false;
}

/** One person the caller may answer about, with the caller's own answer and their match, if any. */
export interface MeetAgainPersonRow {
  member: MeetAgainMemberRow;
  choice: MeetAgainChoice | null;
  match: MeetAgainMatchKind | null;
}

/**
 * The other checked-in participants the caller may answer about: live registered places with
 * `attendance: present`, members not deleted or suspended, with 'Vill ses igen' on, and no block
 * between them and the caller in either direction. With the caller's own answers (never anyone
 * else's) and the match of the pair at this event. One statement.
 */
export async function listAnswerablePeople(
  db: Db,
  eventId: number,
  callerId: string,
): Promise<MeetAgainPersonRow[]> {
  const rows = await db
    .select({
      ...memberColumns,
      choice: meetAgainAnswers.choice,
      match: meetAgainMatches.kind,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .leftJoin(
      meetAgainAnswers,
      and(
        eq(meetAgainAnswers.eventId, eventId),
        eq(meetAgainAnswers.fromUserId, callerId),
        eq(meetAgainAnswers.aboutUserId, users.id),
      ),
    )
    .leftJoin(
      meetAgainMatches,
      and(
        eq(meetAgainMatches.eventId, eventId),
        or(
          and(eq(meetAgainMatches.userA, callerId), eq(meetAgainMatches.userB, users.id)),
          and(eq(meetAgainMatches.userB, callerId), eq(meetAgainMatches.userA, users.id)),
        ),
      ),
    )
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.status, 'registered'),
        eq(eventRegistrations.attendance, 'present'),
        sql`${eventRegistrations.cancelledAt} is null`,
        sql`${users.id} <> ${callerId}`,
        sql`${users.deletedAt} is null`,
        sql`${users.suspendedAt} is null`,
        eq(users.meetAgainEnabled, true),
        sql`not exists (select 1 from user_blocks b
          where (b.blocker_id = ${callerId} and b.blocked_id = ${users.id})
             or (b.blocker_id = ${users.id} and b.blocked_id = ${callerId}))`,
      ),
    )
    .orderBy(users.fullName, users.id);
  return rows.map(({ choice, match, ...member }) => ({ member, choice, match }));
}

/** Serialises the answers of one event, so two members completing a pair at once make one match. */
export async function lockEventAnswers(tx: Db, eventId: number): Promise<void> {
  await advisoryXactLock(tx, `meet-again:${eventId}`);
}

/** Stores or replaces the caller's answer about one member. */
export async function upsertAnswer(
  db: Db,
  p: { eventId: number; fromUserId: string; aboutUserId: string; choice: MeetAgainChoice },
): Promise<void> {
  await db
    .insert(meetAgainAnswers)
    .values({ ...p, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [meetAgainAnswers.eventId, meetAgainAnswers.fromUserId, meetAgainAnswers.aboutUserId],
      set: { choice: p.choice, updatedAt: new Date() },
    });
}

/** Removes the caller's answer about one member (no answer). */
export async function deleteAnswer(
  db: Db,
  p: { eventId: number; fromUserId: string; aboutUserId: string },
): Promise<void> {
  await db
    .delete(meetAgainAnswers)
    .where(
      and(
        eq(meetAgainAnswers.eventId, p.eventId),
        eq(meetAgainAnswers.fromUserId, p.fromUserId),
        eq(meetAgainAnswers.aboutUserId, p.aboutUserId),
      ),
    );
}

/** One member's answer about another at an event, or null. */
export async function findAnswer(
  db: Db,
  p: { eventId: number; fromUserId: string; aboutUserId: string },
): Promise<MeetAgainChoice | null> {
  const [row] = await db
    .select({ choice: meetAgainAnswers.choice })
    .from(meetAgainAnswers)
    .where(
      and(
        eq(meetAgainAnswers.eventId, p.eventId),
        eq(meetAgainAnswers.fromUserId, p.fromUserId),
        eq(meetAgainAnswers.aboutUserId, p.aboutUserId),
      ),
    );
  return row?.choice ?? null;
}

/** Stores a match (users in id order); the new row, or undefined when the pair had one at this event. */
export async function insertMatch(
  db: Db,
  p: { eventId: number; userA: string; userB: string; kind: MeetAgainMatchKind },
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .insert(meetAgainMatches)
    .values(p)
    .onConflictDoNothing()
    .returning({ id: meetAgainMatches.id });
  return row;
}

/** A stored match of the caller, with the other member and the event. */
export interface MatchRow {
  id: number;
  kind: MeetAgainMatchKind;
  createdAt: Date;
  event: { id: number; title: string };
  member: MeetAgainMemberRow;
}

/**
 * The member's matches, newest first, with the other member (not when deleted or suspended, nor while
 * a block separates them: a block deletes the match anyway, this keeps a race from showing one).
 */
export async function listMatchesOf(db: Db, userId: string): Promise<MatchRow[]> {
  const rows = await db
    .select({
      matchId: meetAgainMatches.id,
      kind: meetAgainMatches.kind,
      createdAt: meetAgainMatches.createdAt,
      eventId: events.id,
      eventTitle: events.title,
      ...memberColumns,
    })
    .from(meetAgainMatches)
    .innerJoin(events, eq(events.id, meetAgainMatches.eventId))
    .innerJoin(
      users,
      sql`${users.id} = case when ${meetAgainMatches.userA} = ${userId} then ${meetAgainMatches.userB} else ${meetAgainMatches.userA} end`,
    )
    .where(
      and(
        or(eq(meetAgainMatches.userA, userId), eq(meetAgainMatches.userB, userId)),
        sql`${users.deletedAt} is null`,
        sql`${users.suspendedAt} is null`,
        sql`not exists (select 1 from user_blocks b
          where (b.blocker_id = ${userId} and b.blocked_id = ${users.id})
             or (b.blocker_id = ${users.id} and b.blocked_id = ${userId}))`,
      ),
    )
    .orderBy(sql`${meetAgainMatches.createdAt} desc`, sql`${meetAgainMatches.id} desc`);
  return rows.map(({ matchId, kind, createdAt, eventId, eventTitle, ...member }) => ({
    id: matchId,
    kind,
    createdAt,
    event: { id: eventId, title: eventTitle },
    member,
  }));
}

/**
 * Deletes the answers of events whose window has closed (ended before `closedBefore`) that did not
 * become a match: every answer there, since a matched pair's answers are kept only as long as the
 * window (the match row remains). Idempotent; answers how many went.
 */
export async function deleteAnswersOfClosedEvents(db: Db, closedBefore: Date): Promise<number> {
  const rows = await db
    .delete(meetAgainAnswers)
    .where(
      inArray(
        meetAgainAnswers.eventId,
        db.select({ id: events.id }).from(events).where(lt(events.endTime, closedBefore)),
      ),
    )
    .returning({ eventId: meetAgainAnswers.eventId });
  return rows.length;
}

/** Deletes every answer and match between two members, at any event, in either direction. */
export async function deleteBetween(db: Db, a: string, b: string): Promise<void> {
  await db
    .delete(meetAgainAnswers)
    .where(
      or(
        and(eq(meetAgainAnswers.fromUserId, a), eq(meetAgainAnswers.aboutUserId, b)),
        and(eq(meetAgainAnswers.fromUserId, b), eq(meetAgainAnswers.aboutUserId, a)),
      ),
    );
  const [userA, userB] = a < b ? [a, b] : [b, a];
  await db
    .delete(meetAgainMatches)
    .where(and(eq(meetAgainMatches.userA, userA), eq(meetAgainMatches.userB, userB)));
}

/** Deletes every answer by or about a member, and their matches (account deletion). */
export async function deleteAllOf(db: Db, userId: string): Promise<void> {
  await db
    .delete(meetAgainAnswers)
    .where(or(eq(meetAgainAnswers.fromUserId, userId), eq(meetAgainAnswers.aboutUserId, userId)));
  await db
    .delete(meetAgainMatches)
    .where(or(eq(meetAgainMatches.userA, userId), eq(meetAgainMatches.userB, userId)));
}

/** The golf-buddy matches (any event) between members of the given set, each pair once. */
export async function buddyPairsAmong(db: Db, userIds: readonly string[]): Promise<[string, string][]> {
  if (userIds.length < 2) return [];
  const ids = [...new Set(userIds)];
  const rows = await db
    .selectDistinct({ a: meetAgainMatches.userA, b: meetAgainMatches.userB })
    .from(meetAgainMatches)
    .where(
      and(
        eq(meetAgainMatches.kind, 'buddy'),
        inArray(meetAgainMatches.userA, ids),
        inArray(meetAgainMatches.userB, ids),
      ),
    );
  return rows.map((r) => [r.a, r.b]);
}

/** The member's own answers (their data export): the event, about whom, the choice. */
export async function listOwnAnswers(db: Db, userId: string) {
  return db
    .select({
      eventId: meetAgainAnswers.eventId,
      aboutUserId: meetAgainAnswers.aboutUserId,
      choice: meetAgainAnswers.choice,
      updatedAt: meetAgainAnswers.updatedAt,
    })
    .from(meetAgainAnswers)
    .where(eq(meetAgainAnswers.fromUserId, userId))
    .orderBy(meetAgainAnswers.eventId, meetAgainAnswers.aboutUserId);
}
