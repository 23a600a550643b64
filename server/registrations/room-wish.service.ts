import { ROOM_MATE_NAME_MAX } from '@common/limits';
import { msg } from '@common/messages';
import { displayName } from '@common/rules/display-name';
import {
  includesLodging,
  normaliseRoomWish,
  type RoomWishValue,
  type StoredRoomWish,
} from '@common/rules/room-wish';
import type { Db } from '../db/client';
import { NotFoundError, ValidationError } from '../errors';
import { findLiveRegistration, type RegistrationRow } from './registrations.queries';
import { findEventSpan, findRegisteredMember, updateRoomWish } from './room-wish.queries';

/**
 * Sets the member's own room wish on a trip while the registration is live (registered, waitlisted or
 * offered) and until the trip starts. 404 when the member has no live registration; 400 when the event
 * has no lodging or has started.
 */
export async function setOwnRoomWish(
  db: Db,
  p: { eventId: number; userId: string; wish: RoomWishValue; now?: Date },
): Promise<RegistrationRow> {
  const now = p.now ?? new Date();
  return db.transaction(async (tx) => {
    const event = await findEventSpan(tx, p.eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const own = await findLiveRegistration(tx, p.eventId, p.userId, { lock: true });
    if (!own) throw new NotFoundError(msg.notRegistered);
    const wish = normaliseRoomWish(p.wish);
    if (wish.roomWish && !includesLodging(event)) throw new ValidationError(msg.roomWishOnlyForTrips);
    if (event.startTime <= now) throw new ValidationError(msg.roomWishClosed);
    return updateRoomWish(tx, own.id, await resolveRoomMate(tx, p.eventId, p.userId, wish));
  });
}

/**
 * A room-mate named by id (issue 30) must hold a live registration of the same event and not be the
 * member; their name is stored beside the id (the lists and the export show it). A name without an id
 * (typed before issue 30, or by an older client) stays as it is and never counts as mutual.
 */
export async function resolveRoomMate(
  db: Db,
  eventId: number,
  userId: string,
  wish: StoredRoomWish,
): Promise<StoredRoomWish> {
  if (!wish.roomMateId) return wish;
  if (wish.roomMateId === userId) throw new ValidationError(msg.roomMateSelf);
  const mate = await findRegisteredMember(db, eventId, wish.roomMateId);
  if (!mate) throw new ValidationError(msg.roomMateNotParticipant);
  return { ...wish, roomMateName: displayName(mate).slice(0, ROOM_MATE_NAME_MAX) };
}
