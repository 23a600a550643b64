import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import {
  createRideSchema,
  rideIdParamsSchema,
  rideListSchema,
  rideMessageSchema,
  rideMessagesSchema,
  ridePassengerParamsSchema,
  rideSchema,
  sendRideMessageSchema,
} from '@common/schemas/rides';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import * as rides from './rides.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const done = z.object({ ok: z.literal(true) });

/** 'Samåkning' (issue 30): registered members of an event offer and ask for rides to it. */
export async function ridesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rides'];

  r.get(
    '/api/events/:id/rides',
    {
      schema: {
        tags,
        summary:
          "The event's ride offers and requests (registered members only): those matching the caller's own by place first, none by members blocked either way",
        params: eventIdParamsSchema,
        response: { 200: rideListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { rides: await rides.listRides(app.db, { eventId: request.params.id, callerId: user.id }) };
    },
  );

  r.post(
    '/api/events/:id/rides',
    {
      schema: {
        tags,
        summary:
          'Offer seats (1-8) or ask for a ride to the event, from a municipality, leaving before the event ends',
        params: eventIdParamsSchema,
        body: createRideSchema,
        response: { 201: rideSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const ride = await rides.createRide(app.db, {
        eventId: request.params.id,
        caller: user,
        input: request.body,
      });
      return reply.code(201).send(ride);
    },
  );

  r.delete(
    '/api/rides/:id',
    {
      schema: {
        tags,
        summary: "Delete the caller's own ride (its passengers are told)",
        params: rideIdParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await rides.deleteOwnRide(app.db, { rideId: request.params.id, caller: user });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/rides/:id/join',
    {
      schema: {
        tags,
        summary: 'Ask the driver for a seat in an offer (409 when the car is full)',
        params: rideIdParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await rides.joinRide(app.db, { rideId: request.params.id, caller: user });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/rides/:id/leave',
    {
      schema: {
        tags,
        summary: 'Leave a ride the caller asked to join or was accepted in',
        params: rideIdParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await rides.leaveRide(app.db, { rideId: request.params.id, caller: user });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/rides/:id/passengers/:userId/accept',
    {
      schema: {
        tags,
        summary: 'The driver accepts a member who asked for a seat (409 when no seat is left)',
        params: ridePassengerParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await rides.acceptRidePassenger(app.db, {
        rideId: request.params.id,
        passengerId: request.params.userId,
        caller: user,
      });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/rides/:id/passengers/:userId/decline',
    {
      schema: {
        tags,
        summary: 'The driver declines a request for a seat or removes a passenger',
        params: ridePassengerParamsSchema,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await rides.declineRidePassenger(app.db, {
        rideId: request.params.id,
        passengerId: request.params.userId,
        caller: user,
      });
      return { ok: true as const };
    },
  );

  r.get(
    '/api/rides/:id/messages',
    {
      schema: {
        tags,
        summary: "The ride's conversation (the driver and accepted passengers only)",
        params: rideIdParamsSchema,
        response: { 200: rideMessagesSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return {
        messages: await rides.listRideConversation(app.db, { rideId: request.params.id, callerId: user.id }),
      };
    },
  );

  r.post(
    '/api/rides/:id/messages',
    {
      schema: {
        tags,
        summary: "Write in the ride's conversation (the driver and accepted passengers only)",
        params: rideIdParamsSchema,
        body: sendRideMessageSchema,
        response: { 201: rideMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const m = await rides.sendRideMessage(app.db, {
        rideId: request.params.id,
        caller: user,
        content: request.body.content,
        noticeDelaySeconds: app.config.NOTIFY_MESSAGE_DELAY_SECONDS,
      });
      return reply.code(201).send(m);
    },
  );
}
