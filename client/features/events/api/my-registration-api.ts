import { apiJson, apiRequest } from '@client/lib/api';
import {
  eventCheckoutResultSchema,
  type MyRegistration,
  myRegistrationOrNoneSchema,
  myRegistrationSchema,
} from '@common/schemas/registrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateEvent } from './events-query';
import { UPCOMING_EVENTS_KEY } from './upcoming-events-api';

// Answers checked against their schemas in development only (zod stays out of a visitor's event page).

/** Query key of GET /api/events/{id}/registration (under the event's key: event mutations refresh it). */
export const myRegistrationKey = (id: number | string) =>
  ['/api/events', String(id), 'registration'] as const;

/** GET /api/events/{id}/registration: the caller's registration, or null when there is none. */
export function useMyRegistration(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: myRegistrationKey(eventId),
    enabled,
    queryFn: (): Promise<MyRegistration | null> =>
      apiJson(
        'GET',
        `/api/events/${eventId}/registration`,
        undefined,
        import.meta.env.DEV ? myRegistrationOrNoneSchema : undefined,
      ),
  });
}

/** Everything about the event and the caller's place is read again. */
function useRefreshEvent(eventId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      invalidateEvent(qc, eventId),
      qc.invalidateQueries({ queryKey: ['/api/events'], exact: true }),
      qc.invalidateQueries({ queryKey: ['/api/users'] }),
      qc.invalidateQueries({ queryKey: UPCOMING_EVENTS_KEY }),
    ]);
}

/** POST /api/events/{id}/offer/accept or /decline. */
export function useAnswerOffer(eventId: number) {
  const refresh = useRefreshEvent(eventId);
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') =>
      apiJson(
        'POST',
        `/api/events/${eventId}/offer/${answer}`,
        {},
        import.meta.env.DEV ? myRegistrationSchema : undefined,
      ),
    onSuccess: () => refresh(),
  });
}

/** POST /api/events/{id}/checkout, then to the payment page (Stripe Checkout or the test page). */
export function useStartCheckout(eventId: number) {
  return useMutation({
    mutationFn: () =>
      apiJson(
        'POST',
        `/api/events/${eventId}/checkout`,
        {},
        import.meta.env.DEV ? eventCheckoutResultSchema : undefined,
      ),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}

/** POST /api/events/{id}/checkout/confirm after the return from the payment page. */
export function useConfirmCheckout(eventId: number) {
  const refresh = useRefreshEvent(eventId);
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest('POST', `/api/events/${eventId}/checkout/confirm`, { sessionId }).then((r) => r.json()),
    onSuccess: () => refresh(),
  });
}
