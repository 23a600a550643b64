import type { ExportFormat } from '@common/options';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import { exportQuerySchema } from '@common/schemas/exports';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/audit';
import { requireAdmin } from '../auth/current-user';
import { loadStartList, renderStartList } from '../ball-groups/start-list';
import { titleSlug } from './export-lists';
import { type ExportFile, exportEventList } from './exports.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const file = z.any().describe('file bytes');

/** An organiser's file as a download that no cache keeps. */
function sendFile(reply: FastifyReply, f: ExportFile) {
  return reply
    .type(f.contentType)
    .header('content-disposition', `attachment; filename="${f.fileName}"`)
    .header('cache-control', 'no-store')
    .send(f.body);
}

/** The organiser's files of an event (admin only): list exports as CSV/Excel and the start list as PDF. */
export async function exportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const format of ['csv', 'xlsx'] as const satisfies readonly ExportFormat[]) {
    r.get(
      `/api/admin/events/:id/export.${format}`,
      {
        schema: {
          tags: ['admin'],
          summary: `An event's list as ${format === 'csv' ? 'CSV for Swedish Excel (UTF-8 with BOM, semicolons, CRLF)' : 'an Excel workbook'}: participants, dietary, rooms or payments (admin only; audit-logged)`,
          params: eventIdParamsSchema,
          querystring: exportQuerySchema,
          response: { 200: file, ...errors },
        },
      },
      async (request, reply) => {
        const admin = await requireAdmin(request);
        const f = await exportEventList(app.db, {
          eventId: request.params.id,
          list: request.query.list,
          format,
          actorId: admin.id,
        });
        return sendFile(reply, f);
      },
    );
  }

  r.get(
    '/api/admin/events/:id/start-list.pdf',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The event's start list as an A4 PDF: each group with tee time, starting hole and players with handicap (admin only; audit-logged)",
        params: eventIdParamsSchema,
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const data = await loadStartList(app.db, request.params.id);
      const body = await renderStartList(data);
      await recordAudit(app.db, {
        actorId: admin.id,
        action: 'event.export',
        targetType: 'event',
        targetId: request.params.id,
        details: { list: 'start-list', format: 'pdf' },
      });
      return sendFile(reply, {
        fileName: `${titleSlug(data.title, request.params.id)}-startlista.pdf`,
        contentType: 'application/pdf',
        body,
      });
    },
  );
}
