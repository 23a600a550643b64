import { ApiError, apiJson, apiRequest } from '@client/lib/api';
import {
  type ContestInput,
  type Leaderboard,
  leaderboardSchema,
  type OrderOfMerit,
  type OrderOfMeritRules,
  orderOfMeritSchema,
  type ResultHistoryItem,
  resultHistoryItemSchema,
  type ScoreChange,
  type Scorecard,
  scoreChangeSchema,
  scorecardSchema,
} from '@common/schemas/scoring';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { loadCard, saveCard } from '../lib/idb-score-storage';

// The scoring screens are lazy chunks of their own: zod comes with them, the public pages load none of it.

export const scorecardKey = (eventId: number) =>
  ['/api/events', String(eventId), 'scorecards', 'mine'] as const;
export const leaderboardKey = (eventId: number) => ['/api/events', String(eventId), 'leaderboard'] as const;
export const scoreChangesKey = (eventId: number) =>
  ['/api/admin/events', String(eventId), 'score-changes'] as const;
export const resultsKey = (userId: string) => ['/api/users', userId, 'results'] as const;
export const orderOfMeritKey = (season: number) => ['/api/order-of-merit', season] as const;

/** A network failure (no answer at all), as fetch throws it offline. */
const isOffline = (err: unknown) => !(err instanceof ApiError);

/**
 * GET /api/events/{id}/scorecards/mine: the caller's group. Each answer is kept on the phone, and without
 * a connection the kept card is shown, so the card opens again offline (issue 29).
 */
export function useMyScorecard(eventId: number, enabled = true) {
  const card = useQuery<Scorecard>({
    queryKey: scorecardKey(eventId),
    enabled,
    queryFn: async () => {
      try {
        return await apiJson<Scorecard>(
          'GET',
          `/api/events/${eventId}/scorecards/mine`,
          undefined,
          import.meta.env.DEV ? scorecardSchema : undefined,
        );
      } catch (err) {
        if (!isOffline(err)) throw err;
        const kept = await loadCard<Scorecard>(eventId).catch(() => null);
        if (kept) return kept;
        throw err;
      }
    },
    retry: (count, err) => isOffline(err) && count < 2,
  });
  // Every card the page shows is kept, the one the server's render brought too (issue 33): it never
  // passed through the query's fetch, and the next reload may be the one without a connection.
  useEffect(() => {
    if (card.data) void saveCard(eventId, card.data).catch(() => undefined);
  }, [eventId, card.data]);
  return card;
}

/** POST /api/events/{id}/scores/{userId}/sign-off: the card is signed; the card is read again. */
export function useSignOff(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest('POST', `/api/events/${eventId}/scores/${userId}/sign-off`),
    onSuccess: () => qc.invalidateQueries({ queryKey: scorecardKey(eventId) }),
  });
}

/** GET /api/events/{id}/leaderboard (kept fresh by the socket's 'leaderboard' pushes). */
export function useLeaderboard(eventId: number, enabled = true) {
  return useQuery<Leaderboard>({
    queryKey: leaderboardKey(eventId),
    enabled,
    queryFn: () =>
      apiJson<Leaderboard>(
        'GET',
        `/api/events/${eventId}/leaderboard`,
        undefined,
        import.meta.env.DEV ? leaderboardSchema : undefined,
      ),
    retry: false,
  });
}

/**
 * POST /api/admin/events/{id}/results/final ('Gör resultatet slutgiltigt'), or with `false` DELETE, which
 * opens the results again.
 */
export function useMakeFinal(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (final: boolean) =>
      apiRequest(final ? 'POST' : 'DELETE', `/api/admin/events/${eventId}/results/final`),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: leaderboardKey(eventId) }),
        qc.invalidateQueries({ queryKey: ['/api/events', String(eventId)], exact: true }),
        qc.invalidateQueries({ queryKey: scoreChangesKey(eventId) }),
      ]),
  });
}

/** GET /api/admin/events/{id}/score-changes. */
export function useScoreChanges(eventId: number) {
  return useQuery<ScoreChange[]>({
    queryKey: scoreChangesKey(eventId),
    queryFn: () =>
      apiJson<ScoreChange[]>(
        'GET',
        `/api/admin/events/${eventId}/score-changes`,
        undefined,
        import.meta.env.DEV ? z.array(scoreChangeSchema) : undefined,
      ),
  });
}

/** POST /api/events/{id}/contests and DELETE /api/events/{id}/contests/{contestId} (admin). */
export function useContests(eventId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: leaderboardKey(eventId) });
  const add = useMutation({
    mutationFn: (input: ContestInput) => apiRequest('POST', `/api/events/${eventId}/contests`, input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (contestId: number) => apiRequest('DELETE', `/api/events/${eventId}/contests/${contestId}`),
    onSuccess: refresh,
  });
  return { add, remove };
}

/** GET /api/users/{id}/results: a member's results history (the member's privacy setting applies). */
export function useResultsHistory(userId: string) {
  return useQuery<ResultHistoryItem[]>({
    queryKey: resultsKey(userId),
    queryFn: () =>
      apiJson<ResultHistoryItem[]>(
        'GET',
        `/api/users/${userId}/results`,
        undefined,
        import.meta.env.DEV ? z.array(resultHistoryItemSchema) : undefined,
      ),
    retry: false,
  });
}

/** GET /api/order-of-merit?season=2026. */
export function useOrderOfMerit(season: number) {
  return useQuery<OrderOfMerit>({
    queryKey: orderOfMeritKey(season),
    queryFn: () =>
      apiJson<OrderOfMerit>(
        'GET',
        `/api/order-of-merit?season=${season}`,
        undefined,
        import.meta.env.DEV ? orderOfMeritSchema : undefined,
      ),
  });
}

/** PUT /api/admin/order-of-merit/{season}: the season's rules. */
export function useSaveOrderOfMeritRules(season: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rules: OrderOfMeritRules) => apiRequest('PUT', `/api/admin/order-of-merit/${season}`, rules),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderOfMeritKey(season) }),
  });
}
