import { apiJson } from '@client/lib/api';
import { type Event, eventSchema } from '@common/schemas/events';
import { cancelResultSchema, type Registration, registrationSchema } from '@common/schemas/registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { EVENTS_KEY, eventKey, invalidateEvent, registrationsKey } from './events-query';
import { UPCOMING_EVENTS_KEY } from './upcoming-events-api';

// Answers are checked against their schemas in development only; written out at each call so the build
// drops the schemas and zod with them: the event page a visitor opens loads these mutations (issue 17).

/** The event form's payload (spec §7: POST/PUT /api/events). */
export type EventPayload = Record<string, unknown>;

/** Everything that shows an event, its counts or registrations is reloaded. */
function useInvalidateEvent() {
  const qc = useQueryClient();
  return (id?: number | string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: EVENTS_KEY, exact: true }),
      id !== undefined ? invalidateEvent(qc, id) : Promise.resolve(),
      id !== undefined ? qc.invalidateQueries({ queryKey: registrationsKey(id) }) : Promise.resolve(),
      qc.invalidateQueries({ queryKey: UPCOMING_EVENTS_KEY }),
    ]);
}

/** POST /api/events. */
export function useCreateEvent() {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: (body: EventPayload) =>
      apiJson<Event>('POST', '/api/events', body, import.meta.env.DEV ? eventSchema : undefined),
    onSuccess: () => invalidate(),
  });
}

/** PUT /api/events/{id}. */
export function useUpdateEvent(id: number) {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: (body: EventPayload) =>
      apiJson<Event>('PUT', `/api/events/${id}`, body, import.meta.env.DEV ? eventSchema : undefined),
    onSuccess: () => invalidate(id),
  });
}

/** DELETE /api/events/{id}. */
export function useDeleteEvent(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson(
        'DELETE',
        `/api/events/${id}`,
        undefined,
        import.meta.env.DEV ? z.object({ message: z.string() }) : undefined,
      ),
    onSuccess: () => {
      qc.removeQueries({ queryKey: eventKey(id) });
      return qc.invalidateQueries({ queryKey: EVENTS_KEY, exact: true });
    },
  });
}

/** POST /api/events/{id}/register. */
export function useRegister(id: number) {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: (body: { dietaryPreferences: string; dietaryConsent: boolean; notes: string }) =>
      apiJson<Registration>(
        'POST',
        `/api/events/${id}/register`,
        body,
        import.meta.env.DEV ? registrationSchema : undefined,
      ),
    onSuccess: () => invalidate(id),
  });
}

/** DELETE /api/events/{id}/register. */
export function useCancelRegistration(id: number) {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: () =>
      apiJson(
        'DELETE',
        `/api/events/${id}/register`,
        undefined,
        import.meta.env.DEV ? cancelResultSchema : undefined,
      ),
    onSuccess: () => invalidate(id),
  });
}

/** PUT /api/registrations/{registrationId}/payment (admin). */
export function useSetPayment(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ registrationId, paymentStatus }: { registrationId: number; paymentStatus: string }) =>
      apiJson<Registration>(
        'PUT',
        `/api/registrations/${registrationId}/payment`,
        { paymentStatus },
        import.meta.env.DEV ? registrationSchema : undefined,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationsKey(eventId) }),
  });
}
