import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import { apiJson, getQueryFn } from '@client/lib/api';
import {
  type CreateSubscriptionResponse,
  createSubscriptionResponseSchema,
  type SubscriptionChangeResponse,
  type SubscriptionDetails,
  subscriptionChangeResponseSchema,
  subscriptionDetailsSchema,
  type VerifySessionResponse,
  verifySessionResponseSchema,
} from '@common/schemas/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const SUBSCRIPTION_DETAILS_KEY = ['/api/subscription-details'] as const;

/** GET /api/subscription-details: retried twice (spec §7). */
export const subscriptionDetailsQuery = queryOptions({
  queryKey: SUBSCRIPTION_DETAILS_KEY,
  queryFn: getQueryFn<SubscriptionDetails>({
    on401: 'throw',
    schema: import.meta.env.DEV ? subscriptionDetailsSchema : undefined,
  }),
  retry: 2,
});

/** The caller's subscription details (only while logged in). */
export function useSubscriptionDetails(enabled = true) {
  return useQuery({ ...subscriptionDetailsQuery, enabled });
}

/** After any change to a membership: reload the subscription, the current user (isPro) and events (abilities). */
export function useRefreshMembership() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_DETAILS_KEY }),
      queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      queryClient.invalidateQueries({ queryKey: ['/api/billing/withdrawal'] }),
      // An event's page answers what the member may do there (abilities.isPro): 'Pro krävs' or 'Anmäl dig'.
      queryClient.invalidateQueries({ queryKey: ['/api/events'] }),
    ]);
}

/**
 * POST /api/create-pro-subscription: 'hosted' answers the checkout URL (Stripe's page or the test
 * page); 'embedded' (/subscribe) answers, with Stripe, the client secret and publishable key for the
 * Payment Element, and in the test mode the test session. `returnTo`: a same-site path to go on to.
 */
export function useCreateSubscription(ui: 'hosted' | 'embedded' = 'hosted', returnTo = '/') {
  const query = new URLSearchParams();
  if (ui === 'embedded') query.set('ui', 'embedded');
  // Where /payment-success goes on to once Pro is active (issue 27); the server checks it again.
  if (returnTo !== '/') query.set('returnTo', returnTo);
  const qs = query.toString();
  const url = `/api/create-pro-subscription${qs ? `?${qs}` : ''}`;
  return useMutation({
    mutationFn: () =>
      apiJson<CreateSubscriptionResponse>(
        'POST',
        url,
        undefined,
        import.meta.env.DEV ? createSubscriptionResponseSchema : undefined,
      ),
  });
}

/** POST /api/verify-stripe-session */
export function useVerifySession() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiJson<VerifySessionResponse>(
        'POST',
        '/api/verify-stripe-session',
        { sessionId },
        import.meta.env.DEV ? verifySessionResponseSchema : undefined,
      ),
    onSuccess: () => refresh(),
  });
}

/** POST /api/cancel-subscription: cancels at the end of the paid period. */
export function useCancelSubscription() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: () =>
      apiJson<SubscriptionChangeResponse>(
        'POST',
        '/api/cancel-subscription',
        undefined,
        import.meta.env.DEV ? subscriptionChangeResponseSchema : undefined,
      ),
    onSuccess: () => refresh(),
  });
}

/** POST /api/reactivate-subscription */
export function useReactivateSubscription() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: () =>
      apiJson<SubscriptionChangeResponse>(
        'POST',
        '/api/reactivate-subscription',
        undefined,
        import.meta.env.DEV ? subscriptionChangeResponseSchema : undefined,
      ),
    onSuccess: () => refresh(),
  });
}
