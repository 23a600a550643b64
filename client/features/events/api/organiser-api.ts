import { apiJson } from '@client/lib/api';
import type { AnnouncementAudience } from '@common/options';
import {
  type Announcement,
  type AnnouncementInput,
  announcementResultSchema,
  announcementSchema,
  type RecipientsPreview,
  recipientsPreviewSchema,
} from '@common/schemas/announcements';
import { type Event, eventSchema } from '@common/schemas/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { EVENTS_KEY } from './events-query';

const announcementsKey = (eventId: number) => ['/api/admin/events', eventId, 'announcements'] as const;

/** GET /api/admin/events/{id}/announcements (admins). */
export function useAnnouncements(eventId: number) {
  return useQuery({
    queryKey: announcementsKey(eventId),
    queryFn: () =>
      apiJson<Announcement[]>(
        'GET',
        `/api/admin/events/${eventId}/announcements`,
        undefined,
        import.meta.env.DEV ? z.array(announcementSchema) : undefined,
      ),
  });
}

/**
 * GET /api/admin/events/{id}/announcements/preview: who an announcement to `audience` would reach, asked
 * afresh each time the confirmation opens (`enabled`).
 */
export function useAnnouncementPreview(eventId: number, audience: AnnouncementAudience, enabled: boolean) {
  return useQuery({
    queryKey: [...announcementsKey(eventId), 'preview', audience],
    queryFn: () =>
      apiJson<RecipientsPreview>(
        'GET',
        `/api/admin/events/${eventId}/announcements/preview?audience=${audience}`,
        undefined,
        import.meta.env.DEV ? recipientsPreviewSchema : undefined,
      ),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/admin/events/{id}/announcements: answers how many members it reached. */
export function useSendAnnouncement(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementInput) =>
      apiJson<{ recipients: number }>(
        'POST',
        `/api/admin/events/${eventId}/announcements`,
        body,
        import.meta.env.DEV ? announcementResultSchema : undefined,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: announcementsKey(eventId) }),
  });
}

/** POST /api/events/{id}/duplicate: the new event (dates moved by `weeks`). */
export function useDuplicateEvent(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (weeks: number) =>
      apiJson<Event>(
        'POST',
        `/api/events/${eventId}/duplicate`,
        { weeks },
        import.meta.env.DEV ? eventSchema : undefined,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: EVENTS_KEY, exact: true }),
  });
}
