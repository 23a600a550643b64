import { apiJson } from '@client/lib/api';
import { uploadImage } from '@client/lib/upload-image';
import { type Event, eventSchema } from '@common/schemas/events';
import { type ImageInfo, imageSchema } from '@common/schemas/images';
import { cancelResultSchema, type Registration, registrationSchema } from '@common/schemas/registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { EVENTS_KEY, eventKey, registrationsKey } from './events-query';

/** The event form's payload (spec §7: POST/PUT /api/events). */
export type EventPayload = Record<string, unknown>;

/** Everything that shows an event, its counts or registrations is reloaded. */
function useInvalidateEvent() {
  const qc = useQueryClient();
  return (id?: number | string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: EVENTS_KEY, exact: true }),
      id !== undefined ? qc.invalidateQueries({ queryKey: eventKey(id) }) : Promise.resolve(),
      id !== undefined ? qc.invalidateQueries({ queryKey: registrationsKey(id) }) : Promise.resolve(),
    ]);
}

/** POST /api/events. */
export function useCreateEvent() {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: (body: EventPayload) => apiJson<Event>('POST', '/api/events', body, eventSchema),
    onSuccess: () => invalidate(),
  });
}

/** PUT /api/events/{id}. */
export function useUpdateEvent(id: number) {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: (body: EventPayload) => apiJson<Event>('PUT', `/api/events/${id}`, body, eventSchema),
    onSuccess: () => invalidate(id),
  });
}

/** DELETE /api/events/{id}. */
export function useDeleteEvent(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('DELETE', `/api/events/${id}`, undefined, z.object({ message: z.string() })),
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
      apiJson<Registration>('POST', `/api/events/${id}/register`, body, registrationSchema),
    onSuccess: () => invalidate(id),
  });
}

/** DELETE /api/events/{id}/register. */
export function useCancelRegistration(id: number) {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: () => apiJson('DELETE', `/api/events/${id}/register`, undefined, cancelResultSchema),
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
        registrationSchema,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationsKey(eventId) }),
  });
}

/** Uploads an event image (before the event exists, entityId is 'pending'). */
export const uploadEventImage = (file: File, entityId: string): Promise<ImageInfo> =>
  uploadImage(file, 'event', entityId);

/** PATCH /api/images/{imageId}/entity: links a new image to the event created after it. */
export function linkImageToEvent(imageId: string, eventId: number) {
  return apiJson<ImageInfo>(
    'PATCH',
    `/api/images/${imageId}/entity`,
    { entityId: String(eventId) },
    imageSchema,
  );
}
