import { publishGroupsPreviewSchema } from '@common/schemas/ball-groups';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ballGroupErrors, requireGroupsAdmin } from '../ball-groups/ball-groups.route-support';
import { previewPublishGroups } from './ball-group-notices';

/**
 * The organiser's preview before publishing ball groups. It sits with the notices it predicts: it reads
 * which notices members already have, which ball-groups (below notifications) may not.
 */
export async function ballGroupPreviewRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/events/:id/groups/publish-preview',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'What publishing the ball groups now would do, changing nothing: how many members would be notified, the first names, how many already know their group, an example notice (admin only)',
        params: eventIdParamsSchema,
        response: { 200: publishGroupsPreviewSchema, ...ballGroupErrors },
      },
    },
    async (request) => {
      await requireGroupsAdmin(request);
      return previewPublishGroups(app.db, request.params.id);
    },
  );
}
