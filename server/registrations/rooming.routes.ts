import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import {
  myRoomSchema,
  publishRoomsSchema,
  roomingViewSchema,
  saveRoomsSchema,
} from '@common/schemas/rooming';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser } from '../auth/current-user';
import { autoAssignRooms, getRooming, myRoom, publishRooms, saveRooms } from './rooming.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The organiser's rooming of a trip ('Rum', issue 30) and the member's room-mate once published. */
export async function roomingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['registrations'];

  r.get(
    '/api/events/:id/rooms',
    {
      schema: {
        tags,
        summary: "The trip's rooms and who has none yet, with each participant's wish (organisers only)",
        params: eventIdParamsSchema,
        response: { 200: roomingViewSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return getRooming(app.db, request.params.id);
    },
  );

  r.post(
    '/api/events/:id/rooms/auto',
    {
      schema: {
        tags,
        summary:
          'Pair the participants automatically (mutual wishes, then same gender, then age) and save the rooms',
        params: eventIdParamsSchema,
        response: { 200: roomingViewSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return autoAssignRooms(app.db, request.params.id);
    },
  );

  r.put(
    '/api/events/:id/rooms',
    {
      schema: {
        tags,
        summary: "Save the organiser's rooms (1-4 participants each, each participant in one room at most)",
        params: eventIdParamsSchema,
        body: saveRoomsSchema,
        response: { 200: roomingViewSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return saveRooms(app.db, request.params.id, request.body.rooms);
    },
  );

  r.post(
    '/api/events/:id/rooms/publish',
    {
      schema: {
        tags,
        summary: 'Publish the rooms to the participants (or take them back)',
        params: eventIdParamsSchema,
        body: publishRoomsSchema,
        response: { 200: roomingViewSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return publishRooms(app.db, request.params.id, request.body.published);
    },
  );

  r.get(
    '/api/events/:id/my-room',
    {
      schema: {
        tags,
        summary:
          "The caller's room-mates on a trip, once the rooms are published (members with a place only)",
        params: eventIdParamsSchema,
        response: { 200: myRoomSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return myRoom(app.db, request.params.id, user.id);
    },
  );
}
