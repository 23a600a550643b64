import { apiRequest } from '@client/lib/api';
import { TOTAL_COUNT_HEADER } from '@common/http-headers';
import { AUDIT_PAGE_SIZE } from '@common/limits';
import type { AuditEntry } from '@common/schemas/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

const ADMIN_AUDIT_KEY = '/api/admin/audit';

export interface AuditFilters {
  /** An action prefix such as 'event.' or '' for all. */
  action: string;
  /** 1-based page number. */
  page: number;
}

/** One page of GET /api/admin/audit; the total comes from the X-Total-Count header. */
export async function fetchAudit(f: AuditFilters): Promise<{ entries: AuditEntry[]; total: number }> {
  const qs = new URLSearchParams({
    limit: String(AUDIT_PAGE_SIZE),
    offset: String((f.page - 1) * AUDIT_PAGE_SIZE),
  });
  if (f.action) qs.set('action', f.action);
  const res = await apiRequest('GET', `${ADMIN_AUDIT_KEY}?${qs}`);
  const entries = (await res.json()) as AuditEntry[];
  return { entries, total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? entries.length) };
}

/** The audit log for the 'Logg' page. */
export function useAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: [ADMIN_AUDIT_KEY, filters],
    queryFn: () => fetchAudit(filters),
    placeholderData: keepPreviousData,
  });
}
