import type { StatsReport } from '@common/schemas/admin-statistics';
import { statsPeriodQuerySchema, statsReportSchema } from '@common/schemas/admin-statistics';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/current-user';
import { buildCsv, type ExportTable } from '../exports/csv';
import { eventsTable, getStatsReport, monthsTable, resolvePeriod } from './admin-statistics.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** The CSV files of the statistics page: each table of the report for the period. */
const CSV_TABLES: Record<string, { name: string; table: (r: StatsReport) => ExportTable }> = {
  months: { name: 'manader', table: monthsTable },
  events: { name: 'evenemang', table: eventsTable },
};

/** 'Statistik och rapporter' (admins): the report for a period as JSON, and each of its tables as CSV. */
export async function adminStatisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/stats/report',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Statistics for a period of Stockholm months (default the last 12): per month registrations, cancellations, new and active members, fees paid and refunded; per event fill rate, attendance and fees (admin only)',
        querystring: statsPeriodQuerySchema,
        response: { 200: statsReportSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return getStatsReport(app.db, resolvePeriod(request.query));
    },
  );

  for (const [key, { name, table }] of Object.entries(CSV_TABLES)) {
    r.get(
      `/api/admin/stats/${key}.csv`,
      {
        schema: {
          tags: ['admin'],
          summary: `The statistics' ${key} table for a period as CSV for Swedish Excel (UTF-8 with BOM, semicolons, CRLF; admin only)`,
          querystring: statsPeriodQuerySchema,
          response: { 200: z.any().describe('CSV file'), ...errors },
        },
      },
      async (request, reply) => {
        await requireAdmin(request);
        const period = resolvePeriod(request.query);
        const report = await getStatsReport(app.db, period);
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="statistik-${name}-${period.from}-${period.to}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(buildCsv(table(report)));
      },
    );
  }
}
