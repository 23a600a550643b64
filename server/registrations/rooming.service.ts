import { msg } from '@common/messages';
import { ageFromBirthDate } from '@common/rules/age';
import { displayName } from '@common/rules/display-name';
import { includesLodging, isMutualRoomWish } from '@common/rules/room-wish';
import { planRooms } from '@common/rules/rooming';
import type { MyRoom, RoomingParticipant, RoomingView } from '@common/schemas/rooming';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { EventRow } from '../events/events.presenter';
import { findEvent, lockEvent } from '../events/events.queries';
import './registrations.events';
import { findLiveRegistration } from './registrations.queries';
import {
  listRoomingParticipants,
  type RoomingParticipantRow,
  saveRoomNumbers,
  setRoomsPublishedAt,
} from './rooming.queries';

/** A trip with overnight stays, locked when asked; 404 without it, 400 for a one-day event. */
async function tripOf(db: Db, eventId: number, opts: { lock?: boolean } = {}): Promise<EventRow> {
  const event = opts.lock ? await lockEvent(db, eventId) : await findEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  if (!includesLodging(event)) throw new ValidationError(msg.roomsOnlyForTrips);
  return event;
}

function presentParticipant(r: RoomingParticipantRow, all: RoomingParticipantRow[]): RoomingParticipant {
  const mate = r.roomMateId ? all.find((x) => x.userId === r.roomMateId) : undefined;
  return {
    userId: r.userId,
    name: displayName(r),
    gender: r.gender,
    age: r.birthDate ? ageFromBirthDate(r.birthDate) : null,
    roomWish: r.roomWish,
    roomMateId: r.roomMateId,
    roomMateName: r.roomMateName,
    roomMixedOk: r.roomMixedOk,
    mutual: !!mate && isMutualRoomWish(r, mate),
  };
}

async function view(db: Db, event: EventRow): Promise<RoomingView> {
  const rows = await listRoomingParticipants(db, event.id);
  const rooms = new Map<number, RoomingParticipant[]>();
  const unassigned: RoomingParticipant[] = [];
  for (const r of rows) {
    const p = presentParticipant(r, rows);
    if (r.roomNumber === null) unassigned.push(p);
    else rooms.set(r.roomNumber, [...(rooms.get(r.roomNumber) ?? []), p]);
  }
  return {
    publishedAt: event.roomsPublishedAt ? event.roomsPublishedAt.toISOString() : null,
    singleRoomSupplement: event.singleRoomSupplement,
    rooms: [...rooms.entries()].sort(([a], [b]) => a - b).map(([number, members]) => ({ number, members })),
    unassigned,
  };
}

/** Each participant's room-mates (ids, sorted), or null without a room. */
function roomMatesOf(rows: RoomingParticipantRow[]): Map<string, string[] | null> {
  return new Map(
    rows.map((r) => [
      r.userId,
      r.roomNumber === null
        ? null
        : rows
            .filter((x) => x.roomNumber === r.roomNumber && x.userId !== r.userId)
            .map((x) => x.userId)
            .sort(),
    ]),
  );
}

/**
 * After the rooms are published, a change by the organiser is told to the members whose room-mates
 * changed (not to those who only got another room number), once per save: 'rooms.changed', whose
 * notices notifications writes. Before publishing nobody has seen a room, so nobody is told.
 */
async function tellRoomChanges(tx: Db, event: EventRow, before: Map<string, string[] | null>) {
  if (!event.roomsPublishedAt) return;
  const rows = await listRoomingParticipants(tx, event.id);
  const after = roomMatesOf(rows);
  const nameOf = new Map(rows.map((r) => [r.userId, displayName(r)]));
  const changes: { userId: string; roomMates: string[] | null }[] = [];
  for (const [userId, mates] of after) {
    if (JSON.stringify(mates) === JSON.stringify(before.get(userId) ?? null)) continue;
    const names = mates?.map((id) => nameOf.get(id) ?? '').sort((a, b) => a.localeCompare(b, 'sv'));
    changes.push({ userId, roomMates: names ?? null });
  }
  if (changes.length > 0) {
    await publish(tx, 'rooms.changed', { event: { id: event.id, title: event.title }, changes });
  }
}

/** GET /api/events/{id}/rooms */
export async function getRooming(db: Db, eventId: number): Promise<RoomingView> {
  return view(db, await tripOf(db, eventId));
}

/**
 * POST /api/events/{id}/rooms/auto: pairs the participants by `planRooms` (mutual wishes, then same
 * gender, then age) and saves the rooms, replacing what was there.
 */
export async function autoAssignRooms(db: Db, eventId: number): Promise<RoomingView> {
  return db.transaction(async (tx) => {
    const event = await tripOf(tx, eventId, { lock: true });
    const rows = await listRoomingParticipants(tx, eventId);
    const before = roomMatesOf(rows);
    const plan = planRooms(
      rows.map((r) => ({
        id: r.userId,
        gender: r.gender,
        age: r.birthDate ? ageFromBirthDate(r.birthDate) : null,
        wish: r.roomWish,
        mateId: r.roomMateId,
        mixedOk: r.roomMixedOk,
      })),
    );
    await saveRoomNumbers(
      tx,
      eventId,
      plan.map((room) => room.members),
    );
    await tellRoomChanges(tx, event, before);
    return view(tx, event);
  });
}

/**
 * PUT /api/events/{id}/rooms: the organiser's rooms as they moved people. Every member listed holds a
 * place in the trip and is in one room only (400 otherwise); members left out have no room.
 */
export async function saveRooms(
  db: Db,
  eventId: number,
  rooms: { userIds: string[] }[],
): Promise<RoomingView> {
  return db.transaction(async (tx) => {
    const event = await tripOf(tx, eventId, { lock: true });
    const rows = await listRoomingParticipants(tx, eventId);
    const before = roomMatesOf(rows);
    const participants = new Set(rows.map((r) => r.userId));
    const seen = new Set<string>();
    for (const id of rooms.flatMap((r) => r.userIds)) {
      if (!participants.has(id) || seen.has(id)) throw new ValidationError(msg.roomsInvalid);
      seen.add(id);
    }
    await saveRoomNumbers(
      tx,
      eventId,
      rooms.map((r) => r.userIds),
    );
    await tellRoomChanges(tx, event, before);
    return view(tx, event);
  });
}

/** POST /api/events/{id}/rooms/publish: members see their room-mates from now on (or no longer). */
export async function publishRooms(db: Db, eventId: number, published: boolean): Promise<RoomingView> {
  return db.transaction(async (tx) => {
    await tripOf(tx, eventId, { lock: true });
    await setRoomsPublishedAt(tx, eventId, published ? new Date() : null);
    return view(tx, await tripOf(tx, eventId));
  });
}

/**
 * GET /api/events/{id}/my-room: the caller's room-mates, only once the rooms are published, and only
 * for a member with a place (403 otherwise).
 */
export async function myRoom(db: Db, eventId: number, userId: string): Promise<MyRoom> {
  const event = await findEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  const own = await findLiveRegistration(db, eventId, userId);
  if (own?.status !== 'registered') throw new ForbiddenError(msg.notRegistered);
  if (!event.roomsPublishedAt || own.roomNumber === null) {
    return { published: !!event.roomsPublishedAt, roomNumber: null, roomMates: [] };
  }
  const rows = await listRoomingParticipants(db, eventId);
  return {
    published: true,
    roomNumber: own.roomNumber,
    roomMates: rows
      .filter((r) => r.roomNumber === own.roomNumber && r.userId !== userId)
      .map((r) => ({ id: r.userId, name: displayName(r) })),
  };
}
