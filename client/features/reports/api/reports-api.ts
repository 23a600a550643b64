import { apiJson, apiRequest, checkResponse } from '@client/lib/api';
import { REPORTS_PAGE_SIZE } from '@common/limits';
import {
  type AdminReportPage,
  adminReportPageSchema,
  type DecisionInput,
  type ReportInput,
  reportCreatedSchema,
} from '@common/schemas/reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** POST /api/reports: 'Rapportera' a profile, a message, a group-chat message or an image. */
export function useCreateReport() {
  return useMutation({
    mutationFn: (input: ReportInput) =>
      apiJson('POST', '/api/reports', input, import.meta.env.DEV ? reportCreatedSchema : undefined),
  });
}

export type ReportStatusFilter = 'open' | 'decided' | 'all';

const reportsUrl = (status: ReportStatusFilter, page: number) =>
  `/api/admin/reports?status=${status}&limit=${REPORTS_PAGE_SIZE}&offset=${(page - 1) * REPORTS_PAGE_SIZE}`;

/** GET /api/admin/reports: the moderators' queue, one page. */
export function useAdminReports(status: ReportStatusFilter, page: number) {
  const url = reportsUrl(status, page);
  return useQuery({
    queryKey: ['/api/admin/reports', status, page],
    queryFn: async (): Promise<AdminReportPage> =>
      checkResponse(
        url,
        await (await apiRequest('GET', url)).json(),
        import.meta.env.DEV ? adminReportPageSchema : undefined,
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/reports/{id}/decision; the queue and the log are read again. */
export function useDecideReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: DecisionInput }) => {
      await apiRequest('POST', `/api/admin/reports/${id}/decision`, input);
    },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['/api/admin/reports'] }),
        qc.invalidateQueries({ queryKey: ['/api/admin/audit'] }),
      ]),
  });
}

/** POST /api/admin/users/{id}/reinstate: end a suspension. */
export function useReinstateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      await apiRequest('POST', `/api/admin/users/${encodeURIComponent(userId)}/reinstate`, {});
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/api/admin/reports'] }),
  });
}
