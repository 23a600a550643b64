import type { RoomWish } from '../options';
import { isMultiDay } from './event-kind';

type Times = { startTime: string | Date; endTime: string | Date };

/**
 * Whether an event includes lodging, so members give a room wish: a trip ('resa') over more than one
 * calendar day has nights away. The site has no separate lodging field; a one-day round never asks.
 */
export const includesLodging = (e: Times): boolean => isMultiDay(e);

/** A room wish as stored: the named room mate only with 'shared_with'. */
export interface RoomWishValue {
  roomWish: RoomWish | null;
  roomMateName: string | null;
}

/** Drops a room mate's name that does not belong to the wish (chosen 'Dela rum' after typing a name). */
export const normaliseRoomWish = (v: RoomWishValue): RoomWishValue => ({
  roomWish: v.roomWish,
  roomMateName: v.roomWish === 'shared_with' ? v.roomMateName : null,
});

/** 'Enkelrum', 'Dela rum', 'Dela rum med Eva Ek'; null without a wish. */
export function roomWishText(v: RoomWishValue, labels: Record<RoomWish, string>): string | null {
  if (!v.roomWish) return null;
  if (v.roomWish === 'shared_with') return `Dela rum med ${v.roomMateName ?? '–'}`;
  return labels[v.roomWish];
}
