import { getQueryFn } from '@client/lib/api';
import {
  type AdminFeedback,
  type AdminStats,
  adminFeedbackSchema,
  adminStatsSchema,
} from '@common/schemas/admin';
import { type Event, eventSchema } from '@common/schemas/events';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** GET /api/admin/stats (default loader). */
export function useAdminStats() {
  return useQuery<AdminStats>({
    queryKey: ['/api/admin/stats'],
    queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? adminStatsSchema : undefined }),
  });
}

/** GET /api/admin/feedback: newest first with the author. */
export function useAdminFeedback() {
  return useQuery<AdminFeedback[]>({
    queryKey: ['/api/admin/feedback'],
    queryFn: getQueryFn({
      on401: 'throw',
      schema: import.meta.env.DEV ? z.array(adminFeedbackSchema) : undefined,
    }),
  });
}

/** GET /api/events: the dashboard filters the upcoming ones. */
export function useEventList() {
  return useQuery<Event[]>({
    queryKey: ['/api/events'],
    queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? z.array(eventSchema) : undefined }),
  });
}
