import { apiJson, getQueryFn } from '@client/lib/api';
import {
  type BallGroup,
  type BallGroupFiguresDto,
  ballGroupSchema,
  type DistributeTeeTimesInput,
  type GenerateGroupsResult,
  type GroupMember,
  generateGroupsResultSchema,
  groupMemberSchema,
  type PublishGroupsPreview,
  type PublishGroupsResult,
  publishGroupsPreviewSchema,
  publishGroupsResultSchema,
} from '@common/schemas/ball-groups';
import { type EventDetail, eventDetailSchema } from '@common/schemas/events';
import { type Registration, registrationSchema } from '@common/schemas/registrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/** GET /api/events/{id}/groups (the default loader joins the key with '/'). */
export const groupsKey = (eventId: number) => ['/api/events', String(eventId), 'groups'] as const;
const eventKey = (eventId: number) => ['/api/events', String(eventId)] as const;
const registrationsKey = (eventId: number) => ['/api/events', String(eventId), 'registrations'] as const;
/** The figures of the latest generation in this browser session (not stored on the server). */
const figuresKey = (eventId: number) => ['ball-group-figures', eventId] as const;

/** The ball groups of an event with members and statistics. */
export function useBallGroups(eventId: number) {
  return useQuery<BallGroup[]>({
    queryKey: groupsKey(eventId),
    queryFn: getQueryFn({
      on401: 'throw',
      schema: import.meta.env.DEV ? z.array(ballGroupSchema) : undefined,
    }),
  });
}

/** The event's registrations (for the unassigned registered members). */
export function useEventRegistrations(eventId: number) {
  return useQuery<Registration[]>({
    queryKey: registrationsKey(eventId),
    queryFn: getQueryFn({
      on401: 'throw',
      schema: import.meta.env.DEV ? z.array(registrationSchema) : undefined,
    }),
  });
}

/** The event itself (title and time for the start list). */
export function useEventDetail(eventId: number) {
  return useQuery<EventDetail>({
    queryKey: eventKey(eventId),
    queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? eventDetailSchema : undefined }),
  });
}

/** Figures of the latest generation, if one was made in this session. */
export function useGenerationFigures(eventId: number) {
  return useQuery<BallGroupFiguresDto | null>({
    queryKey: figuresKey(eventId),
    queryFn: () => null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Refreshes what a group change touches: the groups, the registrations (groupId) and the event's group count. */
function useRefresh(eventId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupsKey(eventId), exact: true }),
      queryClient.invalidateQueries({ queryKey: registrationsKey(eventId), exact: true }),
      queryClient.invalidateQueries({ queryKey: eventKey(eventId), exact: true }),
    ]);
}

/** POST /api/events/{id}/groups: generate (replaces existing groups). */
export function useGenerateGroups(eventId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: () =>
      apiJson<GenerateGroupsResult>(
        'POST',
        `/api/events/${eventId}/groups`,
        undefined,
        import.meta.env.DEV ? generateGroupsResultSchema : undefined,
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(groupsKey(eventId), result.groups);
      queryClient.setQueryData(figuresKey(eventId), result.figures);
      return refresh();
    },
  });
}

/** PATCH /api/events/{eventId}/groups/{groupId}: rename. */
export function useRenameGroup(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ groupId, name }: { groupId: number; name: string }) =>
      apiJson<BallGroup>(
        'PATCH',
        `/api/events/${eventId}/groups/${groupId}`,
        { name },
        import.meta.env.DEV ? ballGroupSchema : undefined,
      ),
    onSuccess: refresh,
  });
}

/** DELETE /api/events/{eventId}/groups/{groupId}: its members become unassigned. */
export function useDeleteGroup(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (groupId: number) => apiJson<null>('DELETE', `/api/events/${eventId}/groups/${groupId}`),
    onSuccess: refresh,
  });
}

/** PATCH /api/events/{eventId}/registrations/{registrationId}/group: move, add (a group id) or remove (null). */
export function useSetMemberGroup(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ registrationId, groupId }: { registrationId: number; groupId: number | null }) =>
      apiJson<GroupMember>(
        'PATCH',
        `/api/events/${eventId}/registrations/${registrationId}/group`,
        { groupId },
        import.meta.env.DEV ? groupMemberSchema : undefined,
      ),
    onSuccess: refresh,
  });
}

/** POST /api/events/{id}/groups/publish: members see the groups and are told their group and tee time. */
export function usePublishGroups(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: () =>
      apiJson<PublishGroupsResult>(
        'POST',
        `/api/events/${eventId}/groups/publish`,
        {},
        import.meta.env.DEV ? publishGroupsResultSchema : undefined,
      ),
    onSuccess: refresh,
  });
}

/** GET /api/events/{id}/groups/publish-preview: who publishing now would notify, asked afresh when `enabled`. */
export function usePublishPreview(eventId: number, enabled: boolean) {
  return useQuery<PublishGroupsPreview>({
    queryKey: [...groupsKey(eventId), 'publish-preview'],
    queryFn: () =>
      apiJson<PublishGroupsPreview>(
        'GET',
        `/api/events/${eventId}/groups/publish-preview`,
        undefined,
        import.meta.env.DEV ? publishGroupsPreviewSchema : undefined,
      ),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * PATCH /api/events/{eventId}/groups/{groupId}: a group's tee time ("HH:mm" on the event's day, or
 * null) and starting hole (1–18, or null).
 */
export function useUpdateGroupStart(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({
      groupId,
      teeTime,
      startingHole,
    }: {
      groupId: number;
      teeTime: string | null;
      startingHole: number | null;
    }) =>
      apiJson<BallGroup>(
        'PATCH',
        `/api/events/${eventId}/groups/${groupId}`,
        { teeTime, startingHole },
        import.meta.env.DEV ? ballGroupSchema : undefined,
      ),
    onSuccess: refresh,
  });
}

/** POST /api/events/{id}/groups/tee-times ('Fördela starttider'): every group gets a time and a hole. */
export function useDistributeTeeTimes(eventId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (input: DistributeTeeTimesInput) =>
      apiJson<BallGroup[]>(
        'POST',
        `/api/events/${eventId}/groups/tee-times`,
        input,
        import.meta.env.DEV ? z.array(ballGroupSchema) : undefined,
      ),
    onSuccess: (groups) => {
      queryClient.setQueryData(groupsKey(eventId), groups);
      return refresh();
    },
  });
}

/** The start list as a PDF file (GET, downloaded by the browser). */
export const startListPdfUrl = (eventId: number) => `/api/admin/events/${eventId}/start-list.pdf`;

/**
 * The groups as a member sees them once published (the event page's 'Din bollgrupp'); not loaded
 * before (`enabled`), when the server would answer 403.
 */
export function usePublishedGroups(eventId: number, enabled: boolean) {
  return useQuery<BallGroup[]>({
    queryKey: groupsKey(eventId),
    queryFn: getQueryFn({
      on401: 'throw',
      schema: import.meta.env.DEV ? z.array(ballGroupSchema) : undefined,
    }),
    enabled,
  });
}
