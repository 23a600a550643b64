/**
 * The one interface billing talks to. Two implementations: Stripe (billing.stripe.ts) and the
 * built-in test payment mode (billing.test-mode.ts) when no Stripe key is set. Everything the
 * service reads comes back in these provider-neutral shapes.
 */

export type ProviderSubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused';

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** End of the paid period (next billing date, or the date it ends when cancelled). */
  currentPeriodEnd: Date | null;
  /** Our user id when the subscription carries it in its metadata. */
  userId: string | null;
}

export interface ProviderCheckoutSession {
  id: string;
  /** Our user id (client_reference_id). */
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
}

/** The events billing reacts to; every one names what to re-read from the provider. */
export type BillingEvent =
  | { id: string; type: 'checkout.session.completed'; session: ProviderCheckoutSession }
  | {
      id: string;
      type:
        | 'customer.subscription.created'
        | 'customer.subscription.updated'
        | 'customer.subscription.deleted';
      subscriptionId: string;
      customerId: string | null;
    }
  | {
      id: string;
      type: 'invoice.paid' | 'invoice.payment_failed';
      subscriptionId: string | null;
      customerId: string | null;
    }
  | { id: string; type: 'ignored'; originalType: string };

export interface CheckoutRequest {
  userId: string;
  email: string | null;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
  /** Embedded on /subscribe (Stripe's Payment Element) instead of a hosted page: answers a client secret. */
  embedded?: boolean;
}

export interface BillingProvider {
  readonly mode: 'stripe' | 'test';
  /** Stripe's publishable key for the browser's Payment Element on /subscribe; null in the test mode. */
  readonly publishableKey: string | null;
  /** Creates a customer for a member (called once per member; the id is stored and reused). */
  createCustomer(user: { id: string; email: string | null; fullName: string | null }): Promise<string>;
  /**
   * A checkout in subscription mode for the Pro price (99 SEK a month): a hosted page (url), or
   * with `embedded` a session for the Payment Element (clientSecret).
   */
  createCheckoutSession(
    req: CheckoutRequest,
  ): Promise<{ id: string; url: string | null; clientSecret: string | null }>;
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Sets or clears cancel-at-period-end and answers the subscription as it now is. */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Verifies a webhook's signature and reads it; throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
}

/** Where checkout returns to: /payment-success with the session and member (spec §7), or /subscription. */
export function checkoutReturnUrls(publicUrl: string, userId: string, sessionId = '{CHECKOUT_SESSION_ID}') {
  return {
    successUrl: `${publicUrl}/payment-success?session_id=${sessionId}&userId=${encodeURIComponent(userId)}`,
    cancelUrl: `${publicUrl}/subscription?canceled=true`,
  };
}

/** A webhook whose signature does not verify (or that cannot be read). */
export class WebhookSignatureError extends Error {}

/** The provider could not be reached or refused the call. */
export class ProviderError extends Error {}
