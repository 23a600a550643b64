import { and, asc, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events, rideMessages, ridePassengers, rides, users } from '../db/schema';

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

/** A seat (asked or taken) that one member holds in the other's offer, with what a notice needs. */
export type SharedSeatRow = {
  rideId: number;
  eventId: number;
  eventTitle: string;
  driverId: string;
  passengerId: string;
  status: RidePassengerRow['status'];
};

/** The columns of a SharedSeatRow (a ride, its event and a seat in it). */
const seatColumns = {
  rideId: rides.id,
  eventId: rides.eventId,
  eventTitle: events.title,
  driverId: rides.userId,
  passengerId: ridePassengers.userId,
  status: ridePassengers.status,
};

/**
 * The seats either member holds in the other's rides to events not yet ended, the rides locked FOR
 * UPDATE (like join and accept, so a block and an accept of the same seat queue on one lock).
 */
export async function lockSeatsBetween(db: Db, a: string, b: string, now: Date): Promise<SharedSeatRow[]> {
  return db
    .select(seatColumns)
    .from(ridePassengers)
    .innerJoin(rides, eq(rides.id, ridePassengers.rideId))
    .innerJoin(events, eq(events.id, rides.eventId))
    .where(
      and(
        or(
          and(eq(rides.userId, a), eq(ridePassengers.userId, b)),
          and(eq(rides.userId, b), eq(ridePassengers.userId, a)),
        ),
        gt(events.endTime, now),
      ),
    )
    .orderBy(asc(rides.id))
    .for('update', { of: rides });
}

/** A ride of a member that is deleted with them, and who had asked for a seat in it. */
export type DeletedRideRow = Pick<SharedSeatRow, 'rideId' | 'eventId' | 'eventTitle'> & {
  passengerIds: string[];
};

/**
 * Deletes a member's rides (their passengers and conversations go with them) and their seats in
 * others' rides; answers who must hear: per deleted ride its passengers, per left seat its driver.
 */
export async function deleteRidesOfMember(
  db: Db,
  userId: string,
): Promise<{ ownRides: DeletedRideRow[]; seats: SharedSeatRow[] }> {
  // One read for both sides: each of the member's rides with every seat in it (or none), and each seat
  // the member holds in another's ride.
  const rows = await db
    .select(seatColumns)
    .from(rides)
    .innerJoin(events, eq(events.id, rides.eventId))
    .leftJoin(ridePassengers, eq(ridePassengers.rideId, rides.id))
    .where(or(eq(rides.userId, userId), eq(ridePassengers.userId, userId)))
    .orderBy(asc(rides.id));
  await db.delete(ridePassengers).where(eq(ridePassengers.userId, userId));
  await db.delete(rides).where(eq(rides.userId, userId));
  const byRide = new Map<number, DeletedRideRow>();
  const seats: SharedSeatRow[] = [];
  for (const { passengerId, status, ...ride } of rows) {
    if (ride.driverId === userId) {
      const entry = byRide.get(ride.rideId) ?? {
        rideId: ride.rideId,
        eventId: ride.eventId,
        eventTitle: ride.eventTitle,
        passengerIds: [],
      };
      if (passengerId) entry.passengerIds.push(passengerId);
      byRide.set(ride.rideId, entry);
    }
    if (passengerId === userId && status) seats.push({ ...ride, passengerId, status });
  }
  return { ownRides: [...byRide.values()], seats };
}

/** What the member's data export shows of a ride: the ride, its event's title and start. */
const exportedRideColumns = { ride: rides, eventTitle: events.title, eventStart: events.startTime };
/** The export's order of rides: by departure, then by id. */
const byDeparture = [asc(rides.departAt), asc(rides.id)];

/** A member's own offers and requests with their events, for the member's data export. */
export async function listRidesOfMember(db: Db, userId: string) {
  return db
    .select(exportedRideColumns)
    .from(rides)
    .innerJoin(events, eq(events.id, rides.eventId))
    .where(eq(rides.userId, userId))
    .orderBy(...byDeparture);
}

/** A member's seats in others' rides (asked or accepted), with the ride, its event and driver. */
export async function listSeatsOfMember(db: Db, userId: string) {
  const seatFields = {
    status: ridePassengers.status,
    askedAt: ridePassengers.createdAt,
    acceptedAt: ridePassengers.acceptedAt,
    driver: memberColumns,
  };
  return db
    .select({ ...exportedRideColumns, ...seatFields })
    .from(ridePassengers)
    .innerJoin(rides, eq(rides.id, ridePassengers.rideId))
    .innerJoin(events, eq(events.id, rides.eventId))
    .innerJoin(users, eq(users.id, rides.userId))
    .where(eq(ridePassengers.userId, userId))
    .orderBy(...byDeparture);
}

/** The messages a member wrote in ride conversations, for the member's data export. */
export async function listRideMessagesBy(db: Db, userId: string) {
  return db
    .select({
      id: rideMessages.id,
      rideId: rideMessages.rideId,
      content: rideMessages.content,
      sentAt: rideMessages.sentAt,
    })
    .from(rideMessages)
    .where(eq(rideMessages.senderId, userId))
    .orderBy(asc(rideMessages.sentAt), asc(rideMessages.id));
}

/** The driver and accepted passengers of a ride: its conversation's members. */
export async function listConversationMembers(db: Db, rideId: number): Promise<string[]> {
  const [ride] = await db.select({ userId: rides.userId }).from(rides).where(eq(rides.id, rideId));
  if (!ride) return [];
  const rows = await db
    .select({ userId: ridePassengers.userId })
    .from(ridePassengers)
    .where(and(eq(ridePassengers.rideId, rideId), eq(ridePassengers.status, 'accepted')));
  return [ride.userId, ...rows.map((r) => r.userId)];
}
