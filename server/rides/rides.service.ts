import { msg } from '@common/messages';
import { displayName, type NameFields } from '@common/rules/display-name';
import { orderRides } from '@common/rules/ride-matching';
import type { Ride, RideMessage } from '@common/schemas/rides';
import { findBlockedEitherWay } from '../blocks/blocks.queries';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { EventRow } from '../events/events.presenter';
import { findEvent } from '../events/events.queries';
import { findLiveRegistration } from '../registrations/registrations.queries';
import type { RideChangeKind } from './rides.events';
import { canUseRideChat } from './rides.policy';
import { presentRide, presentRideMessage } from './rides.presenter';
import * as q from './rides.queries';

type Caller = NameFields & { id: string };

/** The event, when the caller holds a place in it ('registered'); 404 without the event, 403 otherwise. */
async function requireRegistered(db: Db, eventId: number, userId: string): Promise<EventRow> {
  const event = await findEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  const reg = await findLiveRegistration(db, eventId, userId);
  if (reg?.status !== 'registered') throw new ForbiddenError(msg.ridesOnlyForRegistered);
  return event;
}

const isClosed = (event: EventRow, now: Date) =>
  event.status === 'cancelled' || event.status === 'completed' || event.endTime <= now;

async function tell(
  db: Db,
  kind: RideChangeKind,
  ride: q.RideRow,
  event: Pick<EventRow, 'title'>,
  actor: NameFields,
  to: string[],
) {
  if (to.length === 0) return;
  await publish(db, 'ride.changed', {
    kind,
    rideId: ride.id,
    eventId: ride.eventId,
    eventTitle: event.title,
    actorName: displayName(actor),
    to,
  });
}

/** POST /api/events/{id}/rides: the caller's offer or request; departure before the event ends. */
export async function createRide(
  db: Db,
  p: {
    eventId: number;
    caller: Caller;
    input: {
      kind: 'offer' | 'request';
      from: string;
      departAt: string;
      seats: number | null;
      note: string | null;
    };
    now?: Date;
  },
): Promise<Ride> {
  const now = p.now ?? new Date();
  const event = await requireRegistered(db, p.eventId, p.caller.id);
  if (isClosed(event, now)) throw new ValidationError(msg.rideEventClosed);
  const departAt = new Date(p.input.departAt);
  if (departAt >= event.endTime) throw new ValidationError(msg.rideDepartAfterEnd);
  const row = await q.insertRide(db, {
    eventId: p.eventId,
    userId: p.caller.id,
    kind: p.input.kind,
    fromPlace: p.input.from,
    departAt,
    seats: p.input.seats,
    note: p.input.note,
  });
  const owner = await q.findRideMember(db, p.caller.id);
  if (!owner) throw new NotFoundError(msg.rideNotFound);
  return presentRide({ ...row, owner, match: null }, [], p.caller.id);
}

/**
 * GET /api/events/{id}/rides: the event's rides the caller may see (none by a member blocked either
 * way), those matching the caller's own first; passengers blocked either way are left out too.
 */
export async function listRides(db: Db, p: { eventId: number; callerId: string }): Promise<Ride[]> {
  await requireRegistered(db, p.eventId, p.callerId);
  const blocked = new Set(await findBlockedEitherWay(db, p.callerId));
  const rides = (await q.listEventRides(db, p.eventId)).filter((r) => !blocked.has(r.userId));
  const passengers = await q.listPassengers(
    db,
    rides.map((r) => r.id),
  );
  const ordered = orderRides(
    rides.map((r) => ({ ...r, from: r.fromPlace })),
    p.callerId,
  );
  return ordered.map((r) =>
    presentRide(
      r,
      passengers.filter((x) => x.rideId === r.id && (x.userId === p.callerId || !blocked.has(x.userId))),
      p.callerId,
    ),
  );
}

/**
 * A ride the caller may act on: it exists, the caller holds a place in its event, and no block separates
 * the caller and its owner (then it does not exist for them: 404). Locked when asked.
 */
async function rideForCaller(db: Db, rideId: number, callerId: string, opts: { lock?: boolean } = {}) {
  const ride = await q.findRide(db, rideId, opts);
  if (!ride) throw new NotFoundError(msg.rideNotFound);
  const event = await requireRegistered(db, ride.eventId, callerId);
  if (ride.userId !== callerId && (await findBlockedEitherWay(db, callerId)).includes(ride.userId)) {
    throw new NotFoundError(msg.rideNotFound);
  }
  return { ride, event };
}

/**
 * Runs `fn` in a transaction on the ride locked FOR UPDATE (after rideForCaller's checks): joins, leaves,
 * accepts and declines of one offer queue on this lock, so the seats counted under it stay true.
 */
async function withLockedRide<T>(
  db: Db,
  rideId: number,
  callerId: string,
  fn: (tx: Db, ride: q.RideRow, event: EventRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { ride, event } = await rideForCaller(tx, rideId, callerId, { lock: true });
    return fn(tx, ride, event);
  });
}

/** 409 'full' unless the offer (locked by the caller) has a seat nobody accepted yet. */
async function requireFreeSeat(tx: Db, ride: q.RideRow): Promise<void> {
  if (ride.seats === null || (await q.countAccepted(tx, ride.id)) >= ride.seats) {
    throw new ConflictError(msg.rideFull);
  }
}

/**
 * POST /api/rides/{id}/join: asks the driver for a seat (the driver accepts). Under the ride's lock, so a
 * join never lands in a full car.
 */
export async function joinRide(db: Db, p: { rideId: number; caller: Caller; now?: Date }): Promise<void> {
  const now = p.now ?? new Date();
  await withLockedRide(db, p.rideId, p.caller.id, async (tx, ride, event) => {
    if (isClosed(event, now)) throw new ValidationError(msg.rideEventClosed);
    if (ride.userId === p.caller.id) throw new ValidationError(msg.rideOwnRide);
    if (ride.kind !== 'offer' || ride.seats === null) throw new ValidationError(msg.rideJoinOnlyOffers);
    await requireFreeSeat(tx, ride);
    if (!(await q.insertPassenger(tx, ride.id, p.caller.id))) throw new ConflictError(msg.rideAlreadyJoined);
    await tell(tx, 'join_requested', ride, event, p.caller, [ride.userId]);
  });
}

/** POST /api/rides/{id}/leave: the caller leaves (an accepted passenger frees the seat; the driver hears). */
export async function leaveRide(db: Db, p: { rideId: number; caller: Caller }): Promise<void> {
  await withLockedRide(db, p.rideId, p.caller.id, async (tx, ride, event) => {
    const gone = await q.deletePassenger(tx, ride.id, p.caller.id);
    if (!gone) throw new NotFoundError(msg.rideNotJoined);
    await tell(tx, 'left', ride, event, p.caller, [ride.userId]);
  });
}

/**
 * POST /api/rides/{id}/passengers/{userId}/accept: the driver accepts a member who asked. The ride's row
 * lock serialises accepts and joins, and the count is read under it: seats are never overbooked.
 */
export async function acceptRidePassenger(
  db: Db,
  p: { rideId: number; passengerId: string; caller: Caller },
): Promise<void> {
  await withLockedRide(db, p.rideId, p.caller.id, async (tx, ride, event) => {
    if (ride.userId !== p.caller.id) throw new ForbiddenError(msg.rideOnlyDriver);
    const passenger = await q.findPassenger(tx, ride.id, p.passengerId);
    if (!passenger) throw new NotFoundError(msg.ridePassengerNotFound);
    if (passenger.status === 'accepted') return;
    await requireFreeSeat(tx, ride);
    await q.acceptPassenger(tx, ride.id, p.passengerId);
    await tell(tx, 'accepted', ride, event, p.caller, [p.passengerId]);
  });
}

/** POST /api/rides/{id}/passengers/{userId}/decline: the driver says no (or removes an accepted passenger). */
export async function declineRidePassenger(
  db: Db,
  p: { rideId: number; passengerId: string; caller: Caller },
): Promise<void> {
  await withLockedRide(db, p.rideId, p.caller.id, async (tx, ride, event) => {
    if (ride.userId !== p.caller.id) throw new ForbiddenError(msg.rideOnlyDriver);
    const gone = await q.deletePassenger(tx, ride.id, p.passengerId);
    if (!gone) throw new NotFoundError(msg.ridePassengerNotFound);
    await tell(tx, 'declined', ride, event, p.caller, [p.passengerId]);
  });
}

/** DELETE /api/rides/{id}: the owner deletes their ride; its passengers hear. */
export async function deleteOwnRide(db: Db, p: { rideId: number; caller: Caller }): Promise<void> {
  await db.transaction(async (tx) => {
    const ride = await q.findRide(tx, p.rideId, { lock: true });
    // Someone else's ride is not the caller's to know about: 404 as for a missing one.
    if (!ride || ride.userId !== p.caller.id) throw new NotFoundError(msg.rideNotFound);
    const event = await findEvent(tx, ride.eventId);
    const passengers = await q.listPassengers(tx, [ride.id]);
    await q.deleteRide(tx, ride.id);
    if (event) {
      await tell(
        tx,
        'deleted',
        ride,
        event,
        p.caller,
        passengers.map((x) => x.userId),
      );
    }
  });
}

/** The ride for its conversation: the driver and accepted passengers only (403 for anyone else). */
async function rideForChat(db: Db, rideId: number, callerId: string) {
  const { ride, event } = await rideForCaller(db, rideId, callerId);
  const me = await q.findPassenger(db, ride.id, callerId);
  const facts = {
    mine: ride.userId === callerId,
    kind: ride.kind,
    myStatus: me?.status ?? null,
    full: false,
  };
  if (!canUseRideChat(facts)) throw new ForbiddenError(msg.rideConversationClosed);
  return { ride, event };
}

/** GET /api/rides/{id}/messages: without the messages of anyone blocked either way (fellow passengers). */
export async function listRideConversation(
  db: Db,
  p: { rideId: number; callerId: string },
): Promise<RideMessage[]> {
  await rideForChat(db, p.rideId, p.callerId);
  const blocked = new Set(await findBlockedEitherWay(db, p.callerId));
  return (await q.listRideMessages(db, p.rideId))
    .filter((m) => !blocked.has(m.senderId))
    .map(presentRideMessage);
}

/**
 * POST /api/rides/{id}/messages: stored, and told to the conversation's other members (notifications
 * writes their notices), none blocked either way with the sender.
 */
export async function sendRideMessage(
  db: Db,
  p: { rideId: number; caller: Caller; content: string; noticeDelaySeconds: number },
): Promise<RideMessage> {
  return db.transaction(async (tx) => {
    const { ride, event } = await rideForChat(tx, p.rideId, p.caller.id);
    const row = await q.insertRideMessage(tx, { rideId: ride.id, senderId: p.caller.id, content: p.content });
    const sender = await q.findRideMember(tx, p.caller.id);
    if (!sender) throw new NotFoundError(msg.rideNotFound);
    const blocked = new Set(await findBlockedEitherWay(tx, p.caller.id));
    const to = (await q.listConversationMembers(tx, ride.id)).filter(
      (id) => id !== p.caller.id && !blocked.has(id),
    );
    if (to.length > 0) {
      await publish(tx, 'ride.message_sent', {
        rideId: ride.id,
        eventId: ride.eventId,
        eventTitle: event.title,
        messageId: row.id,
        senderId: p.caller.id,
        content: row.content,
        to,
        noticeDelaySeconds: p.noticeDelaySeconds,
      });
    }
    return presentRideMessage({ ...row, sender });
  });
}

/**
 * A cancelled (or deleted) event takes its rides with it, in the event's transaction; everyone who
 * offered, asked or joined hears.
 */
export async function removeRidesOfCancelledEvent(tx: Db, event: EventRow): Promise<void> {
  const involved = await q.deleteEventRides(tx, event.id);
  if (involved.length === 0) return;
  await publish(tx, 'ride.changed', {
    kind: 'event_cancelled',
    rideId: 0,
    eventId: event.id,
    eventTitle: event.title,
    actorName: '',
    to: involved,
  });
}

/**
 * A block between two members (issue 30): neither keeps a seat in the other's rides to events not yet
 * ended, so the seat frees and the ride's conversation (driver and accepted passengers) loses the
 * passenger. In the block's transaction. The passenger hears only that they are no longer in the ride,
 * the driver of an accepted seat only that a seat is free: nobody learns of the block.
 */
export async function separateBlockedPair(tx: Db, a: string, b: string, now = new Date()): Promise<void> {
  const seats = await q.lockSeatsBetween(tx, a, b, now);
  for (const seat of seats) {
    await q.deletePassenger(tx, seat.rideId, seat.passengerId);
    await tellQuietly(tx, 'removed', seat, [seat.passengerId]);
    if (seat.status === 'accepted') await tellQuietly(tx, 'seat_freed', seat, [seat.driverId]);
  }
}

/**
 * A deleted account takes its rides with it, in the deletion's transaction: its offers and requests (with
 * their seats and conversations) and its seats in others' rides. Passengers hear they are no longer in
 * the ride, drivers of an accepted seat that a seat is free; no name is given.
 */
export async function removeRidesOfMember(tx: Db, userId: string): Promise<void> {
  const { ownRides, seats } = await q.deleteRidesOfMember(tx, userId);
  for (const ride of ownRides) await tellQuietly(tx, 'removed', ride, ride.passengerIds);
  for (const seat of seats) {
    if (seat.status === 'accepted') await tellQuietly(tx, 'seat_freed', seat, [seat.driverId]);
  }
}

/** Publishes a change whose notice names nobody. */
async function tellQuietly(
  tx: Db,
  kind: 'removed' | 'seat_freed',
  ride: { rideId: number; eventId: number; eventTitle: string },
  to: string[],
) {
  if (to.length === 0) return;
  await publish(tx, 'ride.changed', {
    kind,
    rideId: ride.rideId,
    eventId: ride.eventId,
    eventTitle: ride.eventTitle,
    actorName: '',
    to,
  });
}
