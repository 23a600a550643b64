import { apiJson } from '@client/lib/api';
import type { Month } from '@common/rules/stats-period';
import { type StatsReport, statsReportSchema } from '@common/schemas/admin-statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

const REPORT_URL = '/api/admin/stats/report';

/** The period as a query string (?from=YYYY-MM&to=YYYY-MM). */
const periodQuery = (from: Month, to: Month) => new URLSearchParams({ from, to }).toString();

/** GET /api/admin/stats/report for the period (admins). */
export function useStatsReport(from: Month, to: Month) {
  return useQuery<StatsReport>({
    queryKey: [REPORT_URL, from, to],
    queryFn: () =>
      apiJson<StatsReport>(
        'GET',
        `${REPORT_URL}?${periodQuery(from, to)}`,
        undefined,
        import.meta.env.DEV ? statsReportSchema : undefined,
      ),
    placeholderData: keepPreviousData,
  });
}

/** The address of one table of the report as a CSV file for the period. */
export const statsCsvUrl = (table: 'months' | 'events', from: Month, to: Month) =>
  `/api/admin/stats/${table}.csv?${periodQuery(from, to)}`;
