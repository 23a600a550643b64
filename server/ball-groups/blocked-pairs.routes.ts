import { msg } from '@common/messages';
import { type BlockedPair, blockedPairSchema } from '@common/schemas/blocks';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { findEventBlockedPairs } from '../blocks/blocks.queries';
import type { Db } from '../db/client';
import { authorize, NotFoundError } from '../errors';
import { canManageBallGroups } from './ball-groups.policy';
import { eventExists } from './blocked-pairs.queries';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The blocked pairs among an event's live registrations (the ball group manager's warnings); 404 for an unknown event. */
export async function listEventBlockedPairs(db: Db, eventId: number): Promise<BlockedPair[]> {
  if (!(await eventExists(db, eventId))) throw new NotFoundError(msg.eventNotFound);
  const pairs = await findEventBlockedPairs(db, eventId);
  return pairs.map((p) => ({ registrationIds: p.registrationIds }));
}

/**
 * The blocked pairs of an event for the admin's ball group manager (issue 15): the blocks domain finds
 * them, ball groups (above it) decide who may see them.
 */
export async function blockedPairsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/events/:id/groups/blocked-pairs',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          "Pairs of the event's live registrations whose members have blocked one another, for the ball group manager's warnings (admin only)",
        params: eventIdParamsSchema,
        response: { 200: z.array(blockedPairSchema), ...errors },
      },
    },
    async (request) => {
      authorize(canManageBallGroups(await requireUser(request)));
      return listEventBlockedPairs(app.db, request.params.id);
    },
  );
}
