import { publishGroupsResultSchema } from '@common/schemas/ball-groups';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audited } from '../audit/audit';
import { ballGroupErrors, requireGroupsAdmin } from './ball-groups.route-support';
import { publishGroups } from './ball-groups.service';

/**
 * Publishing an event's ball groups: members see them from then on and are told their group (admin
 * only, audited with how many were told).
 */
export function publishGroupsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One handler under two paths: /groups/publish sits beside the other group routes.
  for (const url of ['/api/events/:id/ball-groups/publish', '/api/events/:id/groups/publish']) {
    r.post(
      url,
      {
        schema: {
          tags: ['ball-groups'],
          summary:
            'Publish the ball groups: members see them from now on, and each registered member is told their group and tee time (admin only)',
          params: eventIdParamsSchema,
          body: z.object({}).passthrough().nullish(),
          response: { 200: publishGroupsResultSchema, ...ballGroupErrors },
        },
      },
      async (request) => {
        const user = await requireGroupsAdmin(request);
        const eventId = request.params.id;
        return audited(
          app.db,
          (tx) => publishGroups(tx, eventId),
          (r) => ({
            actorId: user.id,
            action: 'ball_groups.publish',
            targetType: 'event',
            targetId: eventId,
            details: { notified: r.notified },
          }),
        );
      },
    );
  }
}
