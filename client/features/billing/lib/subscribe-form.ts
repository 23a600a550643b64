import type { CreateSubscriptionResponse } from '@common/schemas/billing';

/** Which payment form /subscribe shows for the answer of POST /api/create-pro-subscription?ui=embedded. */
export type SubscribeForm =
  /** The built-in test payment mode: the marked test card form posting to /test-checkout/{sessionId}/pay. */
  | { kind: 'test'; sessionId: string }
  /** Stripe: the Payment Element for the Checkout Session's client secret, Stripe.js loaded with the key. */
  | { kind: 'stripe'; clientSecret: string; publishableKey: string }
  /** An answer that carries neither (shown as the spec's 'could not create' error). */
  | { kind: 'unavailable' };

/** The form /subscribe renders for the server's answer. */
export function subscribeFormOf(answer: CreateSubscriptionResponse): SubscribeForm {
  if (answer.mode === 'test' && answer.sessionId) return { kind: 'test', sessionId: answer.sessionId };
  if (answer.mode === 'stripe' && answer.clientSecret && answer.publishableKey) {
    return { kind: 'stripe', clientSecret: answer.clientSecret, publishableKey: answer.publishableKey };
  }
  return { kind: 'unavailable' };
}

/**
 * /payment-success for a paid session, the same address the server gives Stripe as return_url;
 * used when confirming succeeds without Stripe sending the browser there itself.
 */
export function paymentSuccessPath(sessionId: string, userId: string): string {
  const query = new URLSearchParams({ session_id: sessionId, userId });
  return `/payment-success?${query}`;
}
