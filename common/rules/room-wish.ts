import type { RoomWish } from '../options';
import { isMultiDay } from './event-kind';

type Times = { startTime: string | Date; endTime: string | Date };

/**
 * Whether an event includes lodging, so members give a room wish: a trip ('resa') over more than one
 * calendar day has nights away. The site has no separate lodging field; a one-day round never asks.
 */
export const includesLodging = (e: Times): boolean => isMultiDay(e);

/**
 * A room wish as stored: the named room mate only with 'shared_with' (issue 30: chosen among the
 * participants by id, their name kept beside it), 'mixed is fine' only with 'shared'.
 */
export interface RoomWishValue {
  roomWish: RoomWish | null;
  roomMateName: string | null;
  roomMateId?: string | null;
  roomMixedOk?: boolean | null;
}

/** A room wish with every field as stored. */
export type StoredRoomWish = RoomWishValue & { roomMateId: string | null; roomMixedOk: boolean };

/** Drops what does not belong to the wish (a name typed before choosing 'Dela rum', say). */
export const normaliseRoomWish = (v: RoomWishValue): StoredRoomWish => ({
  roomWish: v.roomWish,
  roomMateName: v.roomWish === 'shared_with' ? v.roomMateName : null,
  roomMateId: v.roomWish === 'shared_with' ? (v.roomMateId ?? null) : null,
  roomMixedOk: v.roomWish === 'shared' ? v.roomMixedOk === true : false,
});

/** Whether two participants named each other ('dela med', both ways): only then do they share for sure. */
export const isMutualRoomWish = (
  a: { userId: string; roomWish: RoomWish | null; roomMateId: string | null },
  b: { userId: string; roomWish: RoomWish | null; roomMateId: string | null },
): boolean =>
  a.roomWish === 'shared_with' &&
  b.roomWish === 'shared_with' &&
  a.roomMateId === b.userId &&
  b.roomMateId === a.userId;

/** 'Enkelrum', 'Dela rum', 'Dela rum (blandat går bra)', 'Dela rum med Eva Ek'; null without a wish. */
export function roomWishText(v: RoomWishValue, labels: Record<RoomWish, string>): string | null {
  if (!v.roomWish) return null;
  if (v.roomWish === 'shared_with') return `Dela rum med ${v.roomMateName ?? '–'}`;
  if (v.roomWish === 'shared' && v.roomMixedOk) return `${labels.shared} (blandat går bra)`;
  return labels[v.roomWish];
}
