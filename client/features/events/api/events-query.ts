import type { Event, EventDetail } from '@common/schemas/events';
import type { Registration } from '@common/schemas/registrations';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query key of GET /api/events; mutations that change events invalidate it. */
export const EVENTS_KEY = ['/api/events'] as const;

/** GET /api/events: every event with its registered and waitlisted counts. */
export const eventsQuery = queryOptions<Event[]>({ queryKey: EVENTS_KEY });

/** The event list through the default loader. */
export function useEvents() {
  return useQuery(eventsQuery);
}

/** Query key of GET /api/events/{id} (the default loader joins it with '/'). */
export const eventKey = (id: number | string) => ['/api/events', String(id)] as const;

/** Query key of GET /api/events/{id}/registrations. */
export const registrationsKey = (id: number | string) =>
  ['/api/events', String(id), 'registrations'] as const;

/** GET /api/events/{id}: the event, the caller's registration and abilities. */
export function useEvent(id: number | string) {
  return useQuery(queryOptions<EventDetail>({ queryKey: eventKey(id) }));
}

/** GET /api/events/{id}/registrations, in arrival order. */
export function useRegistrations(id: number | string, enabled = true) {
  return useQuery(queryOptions<Registration[]>({ queryKey: registrationsKey(id), enabled }));
}
