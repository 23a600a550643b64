import { apiJson } from '@client/lib/api';
import { calendarFeedSchema } from '@common/schemas/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/calendar/feed: the member's personal calendar address (created on first call). */
export const CALENDAR_FEED_KEY = ['/api/calendar/feed'] as const;

type CalendarFeed = { url: string };

export const calendarFeedQuery = queryOptions({
  queryKey: CALENDAR_FEED_KEY,
  queryFn: () =>
    apiJson<CalendarFeed>(
      'GET',
      '/api/calendar/feed',
      undefined,
      import.meta.env.DEV ? calendarFeedSchema : undefined,
    ),
  // The address changes only when the member resets it here.
  staleTime: Number.POSITIVE_INFINITY,
});

/** The member's calendar feed address. */
export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}

/** POST /api/calendar/feed/reset: a new address; the old one stops working. */
export function useResetCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<CalendarFeed>(
        'POST',
        '/api/calendar/feed/reset',
        {},
        import.meta.env.DEV ? calendarFeedSchema : undefined,
      ),
    onSuccess: (feed) => qc.setQueryData(CALENDAR_FEED_KEY, feed),
  });
}
