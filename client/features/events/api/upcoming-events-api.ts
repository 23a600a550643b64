import { useAuth } from '@client/features/auth/hooks/use-auth';
import { getQueryFn } from '@client/lib/api';
import { type UpcomingEvent, upcomingEventsSchema } from '@common/schemas/upcoming-events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/** Query key of GET /api/me/upcoming-events; registering, cancelling and answering offers refresh it. */
export const UPCOMING_EVENTS_KEY = ['/api/me/upcoming-events'] as const;

const upcomingEventsQuery = queryOptions<UpcomingEvent[]>({
  queryKey: UPCOMING_EVENTS_KEY,
  queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? upcomingEventsSchema : undefined }),
});

/**
 * The logged-in member's coming events with their place (one request, shared by the start page, the
 * events list's badges and event day on the event page). Nothing is asked for a visitor.
 */
export function useMyUpcomingEvents() {
  const { user } = useAuth();
  return useQuery({ ...upcomingEventsQuery, enabled: !!user });
}

/** The member's places by event id, for marking their own events in a list or a calendar. */
export function useMyPlacesByEvent(): Map<number, UpcomingEvent> {
  const { data } = useMyUpcomingEvents();
  return useMemo(() => new Map((data ?? []).map((u) => [u.event.id, u])), [data]);
}
