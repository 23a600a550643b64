import { togetherInputSchema, togetherPairSchema, togetherParamsSchema } from '@common/schemas/ball-groups';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audited } from '../audit/audit';
import { ballGroupErrors, requireGroupsAdmin } from './ball-groups.route-support';
import { addTogether, listTogetherRequests, removeTogether } from './together.service';

/** GET an event's play-together requests. */
function listTogetherRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/events/:id/groups/together',
    {
      schema: {
        tags: ['ball-groups'],
        summary: "An event's requests to place two members in one ball group (admin only)",
        params: eventIdParamsSchema,
        response: { 200: z.array(togetherPairSchema), ...ballGroupErrors },
      },
    },
    async (request) => {
      await requireGroupsAdmin(request);
      return listTogetherRequests(app.db, request.params.id);
    },
  );
}

/** POST a play-together request (201 new, 200 already asked). */
function addTogetherRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/events/:id/groups/together',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'Ask generation to place two registered members in one ball group (201; 200 when already asked; 400 for a blocked pair) (admin only)',
        params: eventIdParamsSchema,
        body: togetherInputSchema,
        response: {
          200: z.object({ userIds: z.array(z.string()) }),
          201: z.object({ userIds: z.array(z.string()) }),
          ...ballGroupErrors,
        },
      },
    },
    async (request, reply) => {
      const user = await requireGroupsAdmin(request);
      const eventId = request.params.id;
      const { created, pair } = await audited(
        app.db,
        (tx) => addTogether(tx, eventId, request.body, user.id),
        (r) => ({
          actorId: user.id,
          action: 'ball_groups.together_add',
          targetType: 'event',
          targetId: eventId,
          details: { userIds: r.pair, created: r.created },
        }),
      );
      return reply.status(created ? 201 : 200).send({ userIds: pair });
    },
  );
}

/** DELETE a play-together request. */
function removeTogetherRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.delete(
    '/api/events/:eventId/groups/together/:userA/:userB',
    {
      schema: {
        tags: ['ball-groups'],
        summary: 'Withdraw a request to place two members in one ball group (admin only)',
        params: togetherParamsSchema,
        response: { 204: z.null(), ...ballGroupErrors },
      },
    },
    async (request, reply) => {
      const user = await requireGroupsAdmin(request);
      const { eventId, userA, userB } = request.params;
      await audited(
        app.db,
        (tx) => removeTogether(tx, eventId, userA, userB),
        () => ({
          actorId: user.id,
          action: 'ball_groups.together_remove',
          targetType: 'event',
          targetId: eventId,
          details: { userIds: [userA, userB] },
        }),
      );
      return reply.status(204).send(null);
    },
  );
}

/**
 * Requests to place two members in one ball group, which generation honours (admin only; changes
 * audited).
 */
export function togetherRoutes(app: FastifyInstance): void {
  listTogetherRoute(app);
  addTogetherRoute(app);
  removeTogetherRoute(app);
}
