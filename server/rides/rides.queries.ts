import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, rideMessages, ridePassengers, rides, users } from '../db/schema';

export type RideRow = typeof rides.$inferSelect;
export type NewRide = typeof rides.$inferInsert;
export type RidePassengerRow = typeof ridePassengers.$inferSelect;

/** The name fields a ride shows of a member. */
const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  fullName: users.fullName,
  username: users.username,
};
export type RideMemberRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  username: string | null;
};

export async function insertRide(db: Db, values: NewRide): Promise<RideRow> {
  const [row] = await db.insert(rides).values(values).returning();
  return row;
}

/** One ride, optionally locked FOR UPDATE (joins and accepts of one offer queue on this lock). */
export async function findRide(
  db: Db,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<RideRow | undefined> {
  const q = db.select().from(rides).where(eq(rides.id, id)).limit(1);
  const rows = opts.lock ? await q.for('update') : await q;
  return rows[0];
}

/**
 * An event's rides with their owners, only of owners who still hold a place (a live 'registered'
 * registration): a member who cancelled takes their rides off the list.
 */
export async function listEventRides(
  db: Db,
  eventId: number,
): Promise<(RideRow & { owner: RideMemberRow })[]> {
  const rows = await db
    .select({ r: rides, owner: memberColumns })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.userId))
    .innerJoin(
      eventRegistrations,
      and(
        eq(eventRegistrations.eventId, rides.eventId),
        eq(eventRegistrations.userId, rides.userId),
        eq(eventRegistrations.status, 'registered'),
        sql`${eventRegistrations.cancelledAt} is null`,
      ),
    )
    .where(eq(rides.eventId, eventId))
    .orderBy(asc(rides.departAt), asc(rides.id));
  return rows.map(({ r, owner }) => ({ ...r, owner }));
}

/** The passengers of some rides with their names, in the order they asked. */
export async function listPassengers(
  db: Db,
  rideIds: number[],
): Promise<(RidePassengerRow & { user: RideMemberRow })[]> {
  if (rideIds.length === 0) return [];
  const rows = await db
    .select({ p: ridePassengers, user: memberColumns })
    .from(ridePassengers)
    .innerJoin(users, eq(users.id, ridePassengers.userId))
    .where(inArray(ridePassengers.rideId, rideIds))
    .orderBy(asc(ridePassengers.createdAt), asc(ridePassengers.userId));
  return rows.map(({ p, user }) => ({ ...p, user }));
}

export async function findPassenger(
  db: Db,
  rideId: number,
  userId: string,
): Promise<RidePassengerRow | undefined> {
  const [row] = await db
    .select()
    .from(ridePassengers)
    .where(and(eq(ridePassengers.rideId, rideId), eq(ridePassengers.userId, userId)));
  return row;
}

/** Accepted passengers of a ride (the seats taken). */
export async function countAccepted(db: Db, rideId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ridePassengers)
    .where(and(eq(ridePassengers.rideId, rideId), eq(ridePassengers.status, 'accepted')));
  return Number(row?.n ?? 0);
}

/** Adds a request for a seat; false when the member already asked (the primary key). */
export async function insertPassenger(db: Db, rideId: number, userId: string): Promise<boolean> {
  const rows = await db
    .insert(ridePassengers)
    .values({ rideId, userId })
    .onConflictDoNothing()
    .returning({ userId: ridePassengers.userId });
  return rows.length > 0;
}

export async function acceptPassenger(db: Db, rideId: number, userId: string): Promise<void> {
  await db
    .update(ridePassengers)
    .set({ status: 'accepted', acceptedAt: new Date() })
    .where(and(eq(ridePassengers.rideId, rideId), eq(ridePassengers.userId, userId)));
}

export async function deletePassenger(
  db: Db,
  rideId: number,
  userId: string,
): Promise<RidePassengerRow | undefined> {
  const [row] = await db
    .delete(ridePassengers)
    .where(and(eq(ridePassengers.rideId, rideId), eq(ridePassengers.userId, userId)))
    .returning();
  return row;
}

export async function deleteRide(db: Db, id: number): Promise<void> {
  await db.delete(rides).where(eq(rides.id, id));
}

/**
 * Deletes every ride of an event (its passengers and conversations go with them) and answers who was
 * involved: the owners and everyone who asked for a seat.
 */
export async function deleteEventRides(db: Db, eventId: number): Promise<string[]> {
  const involved = await db
    .select({ owner: rides.userId, passenger: ridePassengers.userId })
    .from(rides)
    .leftJoin(ridePassengers, eq(ridePassengers.rideId, rides.id))
    .where(eq(rides.eventId, eventId));
  await db.delete(rides).where(eq(rides.eventId, eventId));
  const ids = new Set<string>();
  for (const r of involved) {
    ids.add(r.owner);
    if (r.passenger) ids.add(r.passenger);
  }
  return [...ids].sort();
}

/** A member's name fields. */
export async function findRideMember(db: Db, userId: string): Promise<RideMemberRow | undefined> {
  const [row] = await db.select(memberColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function insertRideMessage(db: Db, p: { rideId: number; senderId: string; content: string }) {
  const [row] = await db.insert(rideMessages).values(p).returning();
  return row;
}

/** The ride's conversation, oldest first (the newest 200). */
export async function listRideMessages(db: Db, rideId: number) {
  const rows = await db
    .select({ m: rideMessages, sender: memberColumns })
    .from(rideMessages)
    .innerJoin(users, eq(users.id, rideMessages.senderId))
    .where(eq(rideMessages.rideId, rideId))
    .orderBy(sql`${rideMessages.sentAt} desc`, sql`${rideMessages.id} desc`)
    .limit(200);
  return rows.reverse().map(({ m, sender }) => ({ ...m, sender }));
}
