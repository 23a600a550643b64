import { apiJson } from '@client/lib/api';
import type { Attendance } from '@common/options';
import { type Registration, registrationSchema } from '@common/schemas/registrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { eventKey } from './events-query';

/** GET /api/events/{id}/registrations?include=cancelled (admins): the history too. */
export function useAllRegistrations(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...eventKey(eventId), 'registrations', 'with-cancelled'],
    enabled,
    queryFn: () =>
      apiJson(
        'GET',
        `/api/events/${eventId}/registrations?include=cancelled`,
        undefined,
        import.meta.env.DEV ? z.array(registrationSchema) : undefined,
      ),
  });
}

/** PUT /api/registrations/{id}/attendance (admins, at the first tee). */
export function useSetAttendance(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, attendance }: { id: number; attendance: Attendance | null }) =>
      apiJson<Registration>(
        'PUT',
        `/api/registrations/${id}/attendance`,
        { attendance },
        import.meta.env.DEV ? registrationSchema : undefined,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKey(eventId) }),
  });
}

/** POST /api/registrations/{id}/refund (admins): SEK, at most what is left of the payment. */
export function useRefund(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: number }) =>
      apiJson<Registration>(
        'POST',
        `/api/registrations/${id}/refund`,
        { amount },
        import.meta.env.DEV ? registrationSchema : undefined,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKey(eventId) }),
  });
}
