import { apiRequest } from '@client/lib/api';
import { TOTAL_COUNT_HEADER } from '@common/http-headers';
import { ADMIN_EMAILS_PAGE_SIZE } from '@common/limits';
import type { AdminEmail, EmailStatus } from '@common/schemas/admin-emails';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

const ADMIN_EMAILS_KEY = '/api/admin/emails';

export interface AdminEmailFilters {
  status: EmailStatus | 'all';
  recipient: string;
  /** 1-based page number. */
  page: number;
}

export interface AdminEmailPage {
  emails: AdminEmail[];
  total: number;
}

/** One page of GET /api/admin/emails with the filters; the total comes from the X-Total-Count header. */
export async function fetchAdminEmails(f: AdminEmailFilters): Promise<AdminEmailPage> {
  const qs = new URLSearchParams({
    limit: String(ADMIN_EMAILS_PAGE_SIZE),
    offset: String((f.page - 1) * ADMIN_EMAILS_PAGE_SIZE),
  });
  if (f.status !== 'all') qs.set('status', f.status);
  if (f.recipient) qs.set('recipient', f.recipient);
  const res = await apiRequest('GET', `${ADMIN_EMAILS_KEY}?${qs}`);
  const emails = (await res.json()) as AdminEmail[];
  return { emails, total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? emails.length) };
}

/** The outbox for the 'E-post' page; refreshed every 15 s while open (e-mails move from queued to sent). */
export function useAdminEmails(filters: AdminEmailFilters) {
  return useQuery({
    queryKey: [ADMIN_EMAILS_KEY, filters],
    queryFn: () => fetchAdminEmails(filters),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}
