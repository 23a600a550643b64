import { adminFeedbackSchema, adminStatsSchema } from '@common/schemas/admin';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/current-user';
import { presentAdminFeedback } from './admin-feedback.presenter';
import { listFeedbackWithAuthors } from './admin-feedback.queries';
import { getAdminStats } from './admin-stats.service';

/** The admin dashboard's data: statistics and feedback (admins only). */
export async function adminStatsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Dashboard figures: members, events, activity, distributions, growth and rates (admin only; member distributions at most a minute old)',
        response: { 200: adminStatsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return getAdminStats(app.db);
    },
  );

  r.get(
    '/api/admin/feedback',
    {
      schema: {
        tags: ['admin'],
        summary: 'All feedback, newest first, with the author’s name and e-mail (admin only)',
        response: { 200: z.array(adminFeedbackSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const rows = await listFeedbackWithAuthors(app.db);
      return rows.map(presentAdminFeedback);
    },
  );
}
