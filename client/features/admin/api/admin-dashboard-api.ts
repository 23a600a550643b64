import type { AdminFeedback, AdminStats } from '@common/schemas/admin';
import type { Event } from '@common/schemas/events';
import { useQuery } from '@tanstack/react-query';

/** GET /api/admin/stats (default loader). */
export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: ['/api/admin/stats'] });
}

/** GET /api/admin/feedback: newest first with the author. */
export function useAdminFeedback() {
  return useQuery<AdminFeedback[]>({ queryKey: ['/api/admin/feedback'] });
}

/** GET /api/events: the dashboard filters the upcoming ones. */
export function useEventList() {
  return useQuery<Event[]>({ queryKey: ['/api/events'] });
}
