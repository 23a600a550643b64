import { apiJson, apiRequest, getQueryFn } from '@client/lib/api';
import { type TogetherPair, togetherPairSchema } from '@common/schemas/ball-groups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

const togetherKey = (eventId: number) => ['/api/events', String(eventId), 'groups', 'together'] as const;

/** GET /api/events/{id}/groups/together: the admin's requests to place two members in one group. */
export function useTogetherRequests(eventId: number) {
  return useQuery<TogetherPair[]>({
    queryKey: togetherKey(eventId),
    queryFn: getQueryFn({
      on401: 'throw',
      schema: import.meta.env.DEV ? z.array(togetherPairSchema) : undefined,
    }),
  });
}

/** POST /api/events/{id}/groups/together with two registration ids. */
export function useAddTogether(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (registrationIds: [number, number]) =>
      apiJson('POST', `/api/events/${eventId}/groups/together`, { registrationIds }),
    onSuccess: () => qc.invalidateQueries({ queryKey: togetherKey(eventId) }),
  });
}

/** DELETE /api/events/{id}/groups/together/{userA}/{userB}. */
export function useRemoveTogether(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ([a, b]: [string, string]) => {
      await apiRequest(
        'DELETE',
        `/api/events/${eventId}/groups/together/${encodeURIComponent(a)}/${encodeURIComponent(b)}`,
      );
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: togetherKey(eventId) }),
  });
}
