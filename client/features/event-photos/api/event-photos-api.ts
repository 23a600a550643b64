import { apiErrorFrom, apiRequest, checkResponse, getQueryFn } from '@client/lib/api';
import {
  type EventPhoto,
  type EventPhotoList,
  eventPhotoListSchema,
  eventPhotoSchema,
  type MyPhoto,
  myPhotoListSchema,
} from '@common/schemas/event-photos';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query key of GET /api/events/{id}/photos (the default loader joins it with '/'). */
export const eventPhotosKey = (eventId: number) => ['/api/events', String(eventId), 'photos'] as const;
/** Query key of GET /api/me/photos ('Mina bilder'). */
export const MY_PHOTOS_KEY = ['/api/me/photos'] as const;

/** GET /api/events/{id}/photos: the gallery, for participants and admins. */
export function useEventPhotos(eventId: number) {
  return useQuery(
    queryOptions<EventPhotoList>({
      queryKey: eventPhotosKey(eventId),
      queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? eventPhotoListSchema : undefined }),
    }),
  );
}

/** GET /api/me/photos: the member's own photos across events. */
export function useMyPhotos() {
  return useQuery(
    queryOptions<MyPhoto[]>({
      queryKey: MY_PHOTOS_KEY,
      queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? myPhotoListSchema : undefined }),
    }),
  );
}

/** What the gallery, 'Mina bilder' and the event's count show again after a change. */
function invalidatePhotos(qc: ReturnType<typeof useQueryClient>, eventId: number) {
  void qc.invalidateQueries({ queryKey: eventPhotosKey(eventId) });
  void qc.invalidateQueries({ queryKey: MY_PHOTOS_KEY });
  void qc.invalidateQueries({ queryKey: ['/api/events', String(eventId)], exact: true });
}

/** POST /api/events/{id}/photos (multipart: altText, consent, then the file, as the server reads them). */
export function useUploadPhoto(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, altText }: { file: File; altText: string }): Promise<EventPhoto> => {
      const url = `/api/events/${eventId}/photos`;
      const form = new FormData();
      form.append('altText', altText);
      form.append('consent', 'true');
      form.append('image', file);
      const res = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
      if (!res.ok) throw await apiErrorFrom(res, url);
      return checkResponse(url, await res.json(), import.meta.env.DEV ? eventPhotoSchema : undefined);
    },
    onSuccess: () => invalidatePhotos(qc, eventId),
  });
}

/** DELETE /api/events/{id}/photos/{photoId}: the uploader's (or an admin's) removal. */
export function useDeletePhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (photo: { id: string; eventId: number }) => {
      await apiRequest('DELETE', `/api/events/${photo.eventId}/photos/${photo.id}`);
    },
    onSuccess: (_r, photo) => invalidatePhotos(qc, photo.eventId),
  });
}

/** After a report: the photo leaves the reporter's gallery at once (the server hides it from them). */
export function useForgetReportedPhoto() {
  const qc = useQueryClient();
  return (eventId: number) => invalidatePhotos(qc, eventId);
}
