import {
  ballGroupSchema,
  distributeTeeTimesInputSchema,
  groupParamsSchema,
  groupTeeTimeInputSchema,
} from '@common/schemas/ball-groups';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audited } from '../audit/audit';
import { ballGroupErrors, requireGroupsAdmin } from './ball-groups.route-support';
import { setGroupTeeTime } from './ball-groups.service';
import { distributeGroupTeeTimes } from './tee-times.service';

/** POST 'Fördela starttider': every group in order gets a tee time and starting hole. */
function distributeTeeTimesRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/events/:id/groups/tee-times',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          "'Fördela starttider': every group in order gets a tee time and starting hole (interval: first time + n × interval from hole 1; shotgun: all at the first time on holes 1, 2, 3 …) (admin only)",
        params: eventIdParamsSchema,
        body: distributeTeeTimesInputSchema,
        response: { 200: z.array(ballGroupSchema), ...ballGroupErrors },
      },
    },
    async (request) => {
      const user = await requireGroupsAdmin(request);
      const eventId = request.params.id;
      return audited(
        app.db,
        (tx) => distributeGroupTeeTimes(tx, eventId, request.body),
        (groups) => ({
          actorId: user.id,
          action: 'ball_groups.tee_times',
          targetType: 'event',
          targetId: eventId,
          details: { mode: request.body.mode, groups: groups.length },
        }),
      );
    },
  );
}

/** PATCH one group's tee time (an instant, or null). */
function setTeeTimeRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/api/events/:eventId/groups/:groupId/tee-time',
    {
      schema: {
        tags: ['ball-groups'],
        summary: "Set or clear a ball group's tee time (admin only)",
        params: groupParamsSchema,
        body: groupTeeTimeInputSchema,
        response: { 200: ballGroupSchema, ...ballGroupErrors },
      },
    },
    async (request) => {
      const user = await requireGroupsAdmin(request);
      const { eventId, groupId } = request.params;
      const { teeTime } = request.body;
      return audited(
        app.db,
        (tx) => setGroupTeeTime(tx, eventId, groupId, teeTime === null ? null : new Date(teeTime)),
        () => ({
          actorId: user.id,
          action: 'ball_groups.update',
          targetType: 'ball_group',
          targetId: groupId,
          details: { eventId, changed: ['teeTime'] },
        }),
      );
    },
  );
}

/**
 * Tee times of an event's ball groups: 'Fördela starttider' for all groups, or one group's (admin only,
 * audited).
 */
export function teeTimesRoutes(app: FastifyInstance): void {
  distributeTeeTimesRoute(app);
  setTeeTimeRoute(app);
}
