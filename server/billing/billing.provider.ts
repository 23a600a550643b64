import { safeReturnTo } from '@common/rules/safe-return-to';
import type { FastifyBaseLogger } from 'fastify';
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
  /** 'subscription' for Pro, 'payment' for a one-off payment (an event fee). */
  mode: 'subscription' | 'payment' | 'setup';
  /** Our user id (client_reference_id). */
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** The payment a refund goes against (Stripe's PaymentIntent), once a payment-mode session is paid. */
  paymentIntentId: string | null;
  /** The session's total in SEK (kronor), or null. */
  amountTotal: number | null;
  /** What we attached at checkout; an event fee carries `EventFeeMetadata`. */
  metadata: Record<string, string>;
}

/** The metadata of an event fee's checkout (and its payment): what the payment is for. */
export interface EventFeeMetadata {
  kind: 'event_fee';
  registrationId: string;
  eventId: string;
  userId: string;
}

/** The events billing reacts to; every one names what to re-read from the provider. */
export type BillingEvent =
  | {
      id: string;
      /** A payment method that settles later (Swish may) completes with `async_payment_succeeded`. */
      type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded';
      session: ProviderCheckoutSession;
    }
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

/** A one-off payment through checkout (an event fee): card or Swish, SEK. */
export interface PaymentCheckoutRequest {
  userId: string;
  email: string | null;
  /** Whole kronor. */
  amountSek: number;
  /** The line the member sees at checkout. */
  description: string;
  metadata: EventFeeMetadata;
  successUrl: string;
  cancelUrl: string;
}

/** One refund as the provider made it. */
export interface ProviderRefund {
  id: string;
  /** Stripe: pending, succeeded, failed, canceled, requires_action (a Swish refund may start pending). */
  status: string;
}

export interface BillingProvider {
  /** `off`: payments are not enabled (production without Stripe keys or PAYMENTS_TEST_MODE); every call answers 503. */
  readonly mode: 'stripe' | 'test' | 'off';
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
  /** A checkout in payment mode for one amount (an event fee): the hosted page's URL. */
  createPaymentCheckout(req: PaymentCheckoutRequest): Promise<{ id: string; url: string }>;
  /**
   * Refunds part or all of a payment. The same idempotency key never refunds twice. Throws
   * ProviderError when the provider refuses or cannot be reached (nothing was refunded then).
   */
  refundPayment(paymentIntentId: string, amountSek: number, idempotencyKey: string): Promise<ProviderRefund>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Sets or clears cancel-at-period-end and answers the subscription as it now is. */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /**
   * The paid invoice behind a subscription's current period: its payment (for refundPayment), amount in
   * kronor and when it was paid; null when nothing was paid.
   */
  latestSubscriptionPayment(
    subscriptionId: string,
  ): Promise<{ paymentIntentId: string; amountSek: number; paidAt: Date } | null>;
  /** Ends a subscription at once (no further payment); a subscription already ended stays as it is. */
  cancelNow(id: string): Promise<void>;
  /** Verifies a webhook's signature and reads it; throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
}

/**
 * Where checkout returns to: /payment-success with the session and member (spec §7), or /subscription.
 * `returnTo`, when a same-site path other than '/', rides along for the success page to go on to.
 */
export function checkoutReturnUrls(
  publicUrl: string,
  userId: string,
  sessionId = '{CHECKOUT_SESSION_ID}',
  returnTo?: string,
) {
  const back = safeReturnTo(returnTo, publicUrl);
  const goOn = back === '/' ? '' : `&returnTo=${encodeURIComponent(back)}`;
  return {
    successUrl: `${publicUrl}/payment-success?session_id=${sessionId}&userId=${encodeURIComponent(userId)}${goOn}`,
    cancelUrl: `${publicUrl}/subscription?canceled=true`,
  };
}

/** Where an event fee's checkout returns to: the event's page, paid or cancelled. */
export function eventCheckoutReturnUrls(
  publicUrl: string,
  eventId: number | string,
  sessionId = '{CHECKOUT_SESSION_ID}',
) {
  return {
    successUrl: `${publicUrl}/events/${eventId}?payment=success&session_id=${sessionId}`,
    cancelUrl: `${publicUrl}/events/${eventId}?payment=cancelled`,
  };
}

/** The event fee a session pays for, or null when it is something else (Pro, another payment). */
export function eventFeeOf(session: ProviderCheckoutSession): EventFeeMetadata | null {
  const m = session.metadata;
  if (session.mode !== 'payment' || m.kind !== 'event_fee') return null;
  if (!m.registrationId || !m.eventId || !m.userId) return null;
  return { kind: 'event_fee', registrationId: m.registrationId, eventId: m.eventId, userId: m.userId };
}

/** A webhook whose signature does not verify (or that cannot be read). */
export class WebhookSignatureError extends Error {}

/** The provider could not be reached or refused the call. */
export class ProviderError extends Error {}

/** What handling one webhook event did (billing.sync.ts and the event fees' handler share it). */
export type HandleResult = 'processed' | 'duplicate' | 'ignored';

/** Where event handling reports what needs a person's attention (the request's or the app's logger). */
export type BillingLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
