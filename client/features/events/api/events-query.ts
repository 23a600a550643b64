import { getQueryFn } from '@client/lib/api';
import { type Event, type EventDetail, eventDetailSchema, eventSchema } from '@common/schemas/events';
import { type Registration, registrationSchema } from '@common/schemas/registrations';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

// The public pages' queries check their answers in development only: zod stays out of a visitor's first
// pages (issue 17).

/** Query key of GET /api/events; mutations that change events invalidate it. */
export const EVENTS_KEY = ['/api/events'] as const;

/** GET /api/events: every event with its registered and waitlisted counts. */
export const eventsQuery = queryOptions<Event[]>({
  queryKey: EVENTS_KEY,
  queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? z.array(eventSchema) : undefined }),
});

/** The event list through the default loader. */
export function useEvents() {
  return useQuery(eventsQuery);
}

/** Query key of GET /api/events/{id} (the default loader joins it with '/'). */
export const eventKey = (id: number | string) => ['/api/events', String(id)] as const;

/**
 * The parts of an event page only a member with a place may read (issue 30). After a change of place they
 * are marked stale and read when next shown, not at once: a member who has just cancelled would otherwise
 * ask for them (403) while the page takes the sections away.
 */
const PLACE_ONLY_PARTS = new Set(['rides', 'photos', 'meet-again', 'my-room']);

const isPlaceOnlyPart = (id: number | string, key: readonly unknown[]) =>
  key[0] === '/api/events' && String(key[1]) === String(id) && PLACE_ONLY_PARTS.has(String(key[2]));

/** The event and everything under its key is read again (the parts for members with a place when next shown). */
export const invalidateEvent = (qc: QueryClient, id: number | string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: eventKey(id), predicate: (q) => !isPlaceOnlyPart(id, q.queryKey) }),
    qc.invalidateQueries({ predicate: (q) => isPlaceOnlyPart(id, q.queryKey), refetchType: 'none' }),
  ]);

/** Query key of GET /api/events/{id}/registrations. */
export const registrationsKey = (id: number | string) =>
  ['/api/events', String(id), 'registrations'] as const;

/** GET /api/events/{id}: the event, the caller's registration and abilities. */
export function useEvent(id: number | string) {
  return useQuery(
    queryOptions<EventDetail>({
      queryKey: eventKey(id),
      queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? eventDetailSchema : undefined }),
    }),
  );
}

/** GET /api/events/{id}/registrations, in arrival order. */
export function useRegistrations(id: number | string, enabled = true) {
  return useQuery(
    queryOptions<Registration[]>({
      queryKey: registrationsKey(id),
      queryFn: getQueryFn({
        on401: 'throw',
        schema: import.meta.env.DEV ? z.array(registrationSchema) : undefined,
      }),
      enabled,
    }),
  );
}
