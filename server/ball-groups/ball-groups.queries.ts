import type { Gender, PaymentStatus, RegistrationStatus } from '@common/options';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  ballGroups,
  ballGroupTogether,
  eventRegistrations,
  events,
  isLiveRegistration,
  users,
} from '../db/schema';

export type BallGroupRow = typeof ballGroups.$inferSelect;

/** A registration with the profile facts the groups show. */
export interface MemberRow {
  id: number;
  eventId: number;
  userId: string;
  status: RegistrationStatus;
  paymentStatus: PaymentStatus;
  groupId: number | null;
  handicap: number | null;
  gender: Gender | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  username: string | null;
}

const memberColumns = {
  id: eventRegistrations.id,
  eventId: eventRegistrations.eventId,
  userId: eventRegistrations.userId,
  status: eventRegistrations.status,
  paymentStatus: eventRegistrations.paymentStatus,
  groupId: eventRegistrations.groupId,
  // The profile's handicap; the one given at registration when the profile has none.
  handicap: sql<number | null>`coalesce(${users.handicap}, ${eventRegistrations.handicap})::float8`,
  gender: users.gender,
  firstName: users.firstName,
  lastName: users.lastName,
  fullName: users.fullName,
  username: users.username,
};

/** The ball groups of an event, by id. */
export async function listGroups(db: Db, eventId: number): Promise<BallGroupRow[]> {
  return db.select().from(ballGroups).where(eq(ballGroups.eventId, eventId)).orderBy(asc(ballGroups.id));
}

/** Registrations of an event with their members' profile facts (registered only, or all). */
export async function listEventMembers(
  db: Db,
  eventId: number,
  registeredOnly = false,
): Promise<MemberRow[]> {
  const where = registeredOnly
    ? and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'registered'))
    : and(eq(eventRegistrations.eventId, eventId), isLiveRegistration());
  return db
    .select(memberColumns)
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(where)
    .orderBy(asc(eventRegistrations.id));
}

/** One registration with its member's facts. */
export async function findMember(db: Db, registrationId: number): Promise<MemberRow | undefined> {
  const rows = await db
    .select(memberColumns)
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.id, registrationId))
    .limit(1);
  return rows[0];
}

/** One ball group by id. */
export async function findGroup(db: Db, groupId: number): Promise<BallGroupRow | undefined> {
  const rows = await db.select().from(ballGroups).where(eq(ballGroups.id, groupId)).limit(1);
  return rows[0];
}

/**
 * Pairs of this event's registered members who shared a ball group at an event that started in the 12
 * months before this one: one entry per such event, so a pair that played together twice is listed
 * twice (generation weighs it so). Reads the field's grouped registrations of the window (one indexed
 * query, a few thousand rows at most) and pairs them up here: a self-join in SQL was planned as nested
 * loops right after bulk changes (stale statistics) and took 300 ms for 200 members.
 */
export async function previousPairs(db: Db, eventId: number, startTime: Date): Promise<[string, string][]> {
  const result = await db.execute(sql`
    select r.user_id as "userId", r.group_id as "groupId" from event_registrations r
    join events e on e.id = r.event_id
    where r.group_id is not null and r.event_id <> ${eventId} and r.cancelled_at is null
      and e.start_time < ${startTime.toISOString()}::timestamptz
      and e.start_time >= ${startTime.toISOString()}::timestamptz - interval '12 months'
      and r.user_id = any(array(
        select user_id from event_registrations
        where event_id = ${eventId} and status = 'registered' and cancelled_at is null))
  `);
  const rows = (result as unknown as { rows: { userId: string; groupId: number }[] }).rows;
  const byGroup = new Map<number, Set<string>>();
  for (const r of rows) {
    const members = byGroup.get(r.groupId) ?? new Set<string>();
    members.add(r.userId);
    byGroup.set(r.groupId, members);
  }
  const pairs: [string, string][] = [];
  for (const members of byGroup.values()) {
    const ids = [...members].sort();
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) pairs.push([ids[i], ids[j]]);
  }
  return pairs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
}

/** Ball groups by id (the groups of a member's registrations). */
export async function findGroupsByIds(db: Db, ids: number[]): Promise<Map<number, BallGroupRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(ballGroups)
    .where(inArray(ballGroups.id, [...new Set(ids)]));
  return new Map(rows.map((g) => [g.id, g]));
}

/** Whether an event's ball groups are published (false for an unknown event). */
export async function groupsArePublished(db: Db, eventId: number): Promise<boolean> {
  const rows = await db
    .select({ at: events.ballGroupsPublishedAt })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return !!rows[0]?.at;
}

/** The play-together requests of an event with both members' names and live registrations. */
export async function listTogether(db: Db, eventId: number) {
  const a = alias(users, 'a');
  const b = alias(users, 'b');
  const ra = alias(eventRegistrations, 'ra');
  const rb = alias(eventRegistrations, 'rb');
  const names = (u: typeof a | typeof b) => ({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: u.fullName,
    username: u.username,
  });
  return db
    .select({
      createdAt: ballGroupTogether.createdAt,
      a: names(a),
      b: names(b),
      registrationA: ra.id,
      registrationB: rb.id,
    })
    .from(ballGroupTogether)
    .innerJoin(a, eq(a.id, ballGroupTogether.userA))
    .innerJoin(b, eq(b.id, ballGroupTogether.userB))
    .leftJoin(ra, and(eq(ra.eventId, eventId), eq(ra.userId, a.id), isNull(ra.cancelledAt)))
    .leftJoin(rb, and(eq(rb.eventId, eventId), eq(rb.userId, b.id), isNull(rb.cancelledAt)))
    .where(eq(ballGroupTogether.eventId, eventId))
    .orderBy(asc(ballGroupTogether.createdAt), asc(ballGroupTogether.userA), asc(ballGroupTogether.userB));
}

/** The user-id pairs of an event's play-together requests (generation's input). */
export async function togetherUserPairs(db: Db, eventId: number): Promise<[string, string][]> {
  const rows = await db
    .select({ a: ballGroupTogether.userA, b: ballGroupTogether.userB })
    .from(ballGroupTogether)
    .where(eq(ballGroupTogether.eventId, eventId));
  return rows.map((r) => [r.a, r.b]);
}

/** Stores a request (users in id order); false when it was there already. */
export async function insertTogether(
  db: Db,
  values: { eventId: number; userA: string; userB: string; createdBy: string },
): Promise<boolean> {
  const rows = await db
    .insert(ballGroupTogether)
    .values(values)
    .onConflictDoNothing()
    .returning({ a: ballGroupTogether.userA });
  return rows.length > 0;
}

/** Removes a request; false when there was none. */
export async function deleteTogether(
  db: Db,
  eventId: number,
  userA: string,
  userB: string,
): Promise<boolean> {
  const [lo, hi] = userA < userB ? [userA, userB] : [userB, userA];
  const rows = await db
    .delete(ballGroupTogether)
    .where(
      and(
        eq(ballGroupTogether.eventId, eventId),
        eq(ballGroupTogether.userA, lo),
        eq(ballGroupTogether.userB, hi),
      ),
    )
    .returning({ a: ballGroupTogether.userA });
  return rows.length > 0;
}

/** Whether an event exists. */
export async function eventExists(db: Db, eventId: number): Promise<boolean> {
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  return rows.length > 0;
}

/** When an event's ball groups were published (null: not), or undefined for an unknown event. */
export async function findGroupsPublication(
  db: Db,
  eventId: number,
): Promise<{ ballGroupsPublishedAt: Date | null } | undefined> {
  const rows = await db
    .select({ ballGroupsPublishedAt: events.ballGroupsPublishedAt })
    .from(events)
    .where(eq(events.id, eventId));
  return rows[0];
}

/** The event facts the start list shows, or undefined for an unknown event. */
export async function findStartListEvent(
  db: Db,
  eventId: number,
): Promise<{ title: string; startTime: Date; location: string } | undefined> {
  const rows = await db
    .select({ title: events.title, startTime: events.startTime, location: events.location })
    .from(events)
    .where(eq(events.id, eventId));
  return rows[0];
}

/** The live registrations of an event among `ids` (a play-together request's two). */
export async function findLiveRegistrationsAmong(db: Db, eventId: number, ids: number[]) {
  return db
    .select({
      id: eventRegistrations.id,
      userId: eventRegistrations.userId,
      status: eventRegistrations.status,
    })
    .from(eventRegistrations)
    .where(
      and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.id, ids), isLiveRegistration()),
    );
}

/** What the starter checks a player against: the Golf-ID (profile's, else given at registration) and club. */
export interface GolfFacts {
  golfId: string | null;
  club: string | null;
}
/** Golf-ID and club of the event's live registrations, by registration id. */
export async function listGolfFacts(db: Db, eventId: number): Promise<Map<number, GolfFacts>> {
  const rows = await db
    .select({
      id: eventRegistrations.id,
      golfId: sql<string | null>`nullif(trim(coalesce(${users.golfId}, ${eventRegistrations.golfId})), '')`,
      club: sql<string | null>`nullif(trim(${users.club}), '')`,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, eventId), isLiveRegistration()));
  return new Map(rows.map((r) => [r.id, { golfId: r.golfId, club: r.club }]));
}

/** The event's course, tees and allowance (issue 29), or undefined for an unknown event. */
export async function findEventGolf(db: Db, eventId: number) {
  const rows = await db
    .select({
      courseId: events.courseId,
      maleTeeId: events.maleTeeId,
      femaleTeeId: events.femaleTeeId,
      handicapAllowance: events.handicapAllowance,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return rows[0];
}
