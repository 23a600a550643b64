import { z } from 'zod';
import { ROOM_MATE_NAME_MAX } from '../limits';
import { msg } from '../messages';
import { ROOM_WISHES } from '../options';

// Control characters (NUL included) never belong in a name: refused, not stored.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The room wish fields of a registration (POST /api/events/{id}/register, PUT …/registration/room-wish). */
export const roomWishFields = {
  roomWish: z
    .enum(ROOM_WISHES, { error: msg.roomWishInvalid })
    .nullish()
    .transform((v) => v ?? null),
  roomMateName: z
    .string({ error: msg.roomMateNameInvalid })
    .max(ROOM_MATE_NAME_MAX, { error: msg.roomMateNameTooLong })
    .refine((v) => !CONTROL.test(v), { error: msg.roomMateNameInvalid })
    .nullish()
    .transform((v) => (v?.trim() ? v.trim().replace(/\s+/g, ' ') : null)),
  /** Issue 30: the participant named, by their member id (the server fills in their name). */
  roomMateId: z
    .string({ error: msg.roomMateNotParticipant })
    .max(64, { error: msg.roomMateNotParticipant })
    .nullish()
    .transform((v) => v || null),
  /** With 'Dela rum': a room with someone of another gender is fine. */
  roomMixedOk: z
    .boolean({ error: msg.roomWishInvalid })
    .nullish()
    .transform((v) => v === true),
};

/** 'Dela med namngiven medlem' needs the name. */
export function checkRoomMate(
  v: { roomWish: string | null; roomMateName: string | null; roomMateId?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (v.roomWish === 'shared_with' && !v.roomMateName && !v.roomMateId) {
    ctx.addIssue({ code: 'custom', message: msg.roomMateNameRequired, path: ['roomMateName'] });
  }
}

/** PUT /api/events/{id}/registration/room-wish: the member's own wish (null clears it). */
export const roomWishInputSchema = z.object(roomWishFields).superRefine(checkRoomMate);
export type RoomWishInput = z.input<typeof roomWishInputSchema>;
