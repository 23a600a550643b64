import { TOTAL_COUNT_HEADER } from '@common/http-headers';
import { auditEntrySchema, auditQuerySchema } from '@common/schemas/audit';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/current-user';
import { listAudit } from './audit.queries';

/** The admin page 'Logg': what administrators did, newest first. */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The audit log of administrator actions (admin only): filters by action, actor and target, one page',
        description: 'The number of entries matching the filters (all pages) is in the X-Total-Count header.',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const { rows, total } = await listAudit(app.db, request.query);
      reply.header('cache-control', 'no-store');
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows.map(({ entry, actorName, actorUsername, targetUserName, targetUsername, eventTitle }) => ({
        id: entry.id,
        action: entry.action,
        actorId: entry.actorId,
        actorName: actorName ?? actorUsername ?? null,
        targetType: entry.targetType,
        targetId: entry.targetId,
        targetName: targetUserName ?? targetUsername ?? null,
        eventTitle: eventTitle ?? null,
        details: (entry.details ?? {}) as Record<string, unknown>,
        createdAt: entry.createdAt.toISOString(),
      }));
    },
  );
}
