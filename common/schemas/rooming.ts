import { z } from 'zod';
import { ROOM_SIZE_MAX } from '../limits';
import { msg } from '../messages';
import { GENDERS, ROOM_WISHES } from '../options';

/** One participant of a trip in the organiser's rooming view (issue 30). */
export const roomingParticipantSchema = z.object({
  userId: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  age: z.number().int().nullable(),
  roomWish: z.enum(ROOM_WISHES).nullable(),
  roomMateId: z.string().nullable(),
  roomMateName: z.string().nullable(),
  roomMixedOk: z.boolean(),
  /** Named each other ('dela med', both ways). */
  mutual: z.boolean(),
});
export type RoomingParticipant = z.infer<typeof roomingParticipantSchema>;

/** GET /api/events/{id}/rooms (organisers): the rooms as planned or moved, and who has none yet. */
export const roomingViewSchema = z.object({
  publishedAt: z.string().nullable(),
  singleRoomSupplement: z.number().int().nullable(),
  rooms: z.array(z.object({ number: z.number().int(), members: z.array(roomingParticipantSchema) })),
  unassigned: z.array(roomingParticipantSchema),
});
export type RoomingView = z.infer<typeof roomingViewSchema>;

/** PUT /api/events/{id}/rooms: the organiser's rooms, in order (room 1 first), each 1-4 participants. */
export const saveRoomsSchema = z.object({
  rooms: z
    .array(
      z.object({
        userIds: z
          .array(z.string({ error: msg.roomsInvalid }).min(1).max(64), { error: msg.roomsInvalid })
          .min(1, { error: msg.roomsInvalid })
          .max(ROOM_SIZE_MAX, { error: msg.roomsInvalid }),
      }),
      { error: msg.roomsInvalid },
    )
    .max(500, { error: msg.roomsInvalid }),
});
export type SaveRoomsInput = z.infer<typeof saveRoomsSchema>;

/** POST /api/events/{id}/rooms/publish */
export const publishRoomsSchema = z.object({ published: z.boolean({ error: msg.roomsInvalid }) });

/** GET /api/events/{id}/my-room: the member's room-mates once the rooms are published. */
export const myRoomSchema = z.object({
  published: z.boolean(),
  roomNumber: z.number().int().nullable(),
  roomMates: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type MyRoom = z.infer<typeof myRoomSchema>;
