import { apiJson, getQueryFn } from '@client/lib/api';
import type { MeetAgainChoice } from '@common/options';
import {
  type MeetAgain,
  type MeetAgainMatch,
  meetAgainMatchesSchema,
  meetAgainSchema,
} from '@common/schemas/meet-again';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/events/{id}/meet-again: the caller's 'Vill ses igen' of an event. */
export const meetAgainKey = (eventId: number) => ['/api/events', eventId, 'meet-again'] as const;
/** GET /api/matches: the caller's matches. */
export const MATCHES_KEY = ['/api/matches'] as const;

export const meetAgainQuery = (eventId: number) =>
  queryOptions({
    queryKey: meetAgainKey(eventId),
    queryFn: getQueryFn<MeetAgain>({
      on401: 'throw',
      schema: import.meta.env.DEV ? meetAgainSchema : undefined,
    }),
    // A 403 (not checked in) is an answer, not a hiccup.
    retry: false,
  });

/** The caller's 'Vill ses igen' of an event (only asked for once the event has ended). */
export function useMeetAgain(eventId: number, enabled: boolean) {
  return useQuery({ ...meetAgainQuery(eventId), enabled });
}

export const matchesQuery = queryOptions({
  queryKey: MATCHES_KEY,
  queryFn: getQueryFn<MeetAgainMatch[]>({
    on401: 'throw',
    schema: import.meta.env.DEV ? meetAgainMatchesSchema : undefined,
  }),
});

/** The caller's matches, newest first. */
export function useMatches() {
  return useQuery(matchesQuery);
}

/** PUT /api/events/{id}/meet-again with one answer (null clears it); a match shows at once. */
export function useAnswerMeetAgain(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { userId: string; choice: MeetAgainChoice | null }) =>
      apiJson<MeetAgain>(
        'PUT',
        `/api/events/${eventId}/meet-again`,
        { answers: [a] },
        import.meta.env.DEV ? meetAgainSchema : undefined,
      ),
    onSuccess: (data) => {
      qc.setQueryData(meetAgainKey(eventId), data);
      return qc.invalidateQueries({ queryKey: MATCHES_KEY });
    },
  });
}
