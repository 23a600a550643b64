import { PRO_PRICE_SEK } from '@common/limits';
import Stripe from 'stripe';
import type { Config } from '../config';
import {
  type BillingEvent,
  type BillingProvider,
  type ProviderCheckoutSession,
  ProviderError,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  WebhookSignatureError,
} from './billing.provider';

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** Stripe's subscription in our shape; the period end sits on the item since API 2025-03-31. */
export function fromStripeSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const itemEnd = sub.items?.data?.[0]?.current_period_end;
  const legacyEnd = (sub as unknown as { current_period_end?: number }).current_period_end;
  const end = itemEnd ?? legacyEnd ?? sub.cancel_at ?? null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status as ProviderSubscriptionStatus,
    cancelAtPeriodEnd: sub.cancel_at_period_end || (sub.cancel_at != null && sub.status !== 'canceled'),
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    userId: sub.metadata?.userId ?? null,
  };
}

/** Stripe's checkout session in our shape; amounts from öre to kronor. */
export function fromStripeSession(s: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: s.id,
    mode: s.mode as ProviderCheckoutSession['mode'],
    userId: s.client_reference_id ?? s.metadata?.userId ?? null,
    customerId: idOf(s.customer),
    subscriptionId: idOf(s.subscription),
    status: s.status as ProviderCheckoutSession['status'],
    paymentStatus: s.payment_status as ProviderCheckoutSession['paymentStatus'],
    paymentIntentId: idOf(s.payment_intent),
    amountTotal: s.amount_total == null ? null : s.amount_total / 100,
    metadata: { ...(s.metadata ?? {}) },
  };
}

/** An invoice's subscription: under parent.subscription_details since API 2025-03-31, top level before. */
function invoiceSubscriptionId(inv: Stripe.Invoice): string | null {
  const parent = inv.parent?.subscription_details?.subscription;
  const legacy = (inv as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(parent ?? legacy ?? null);
}

/** Stripe's event in our shape; types billing does not act on become 'ignored'. */
export function fromStripeEvent(event: Stripe.Event): BillingEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { id: event.id, type: event.type, session: fromStripeSession(event.data.object) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return { id: event.id, type: event.type, subscriptionId: sub.id, customerId: idOf(sub.customer) };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const inv = event.data.object;
      return {
        id: event.id,
        type: event.type,
        subscriptionId: invoiceSubscriptionId(inv),
        customerId: idOf(inv.customer),
      };
    }
    default:
      return { id: event.id, type: 'ignored', originalType: event.type };
  }
}

/** What the Stripe provider's parts share: the SDK client, the configuration and its error mapping. */
interface StripeParts {
  stripe: Stripe;
  config: Config;
  /** Runs a Stripe call; Stripe's errors become ProviderError (`what` names the call). */
  call: <T>(what: string, fn: () => Promise<T>) => Promise<T>;
  /** True for Stripe's 404 (an unknown session or subscription). */
  missing: (err: unknown) => boolean;
}

type Part<K extends keyof BillingProvider> = Pick<BillingProvider, K>;
type CheckoutPart = Part<'createCustomer' | 'createCheckoutSession' | 'retrieveCheckoutSession'>;
type PaymentPart = Part<'createPaymentCheckout' | 'refundPayment'>;
type SubscriptionPart = Part<
  'retrieveSubscription' | 'setCancelAtPeriodEnd' | 'latestSubscriptionPayment' | 'cancelNow'
>;

/** Customers and Pro's checkout sessions (subscription mode); reading any session back. */
function stripeCheckouts({ stripe, config, call, missing }: StripeParts): CheckoutPart {
  return {
    createCustomer: (user) =>
      call('customer', async () => {
        const c = await stripe.customers.create(
          {
            email: user.email ?? undefined,
            name: user.fullName ?? undefined,
            metadata: { userId: user.id },
          },
          // A retried request never makes a second customer for the same member.
          { idempotencyKey: `customer-${user.id}` },
        );
        return c.id;
      }),

    createCheckoutSession: (req) =>
      call('checkout', async () => {
        const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = config.STRIPE_PRICE_ID
          ? { price: config.STRIPE_PRICE_ID, quantity: 1 }
          : {
              quantity: 1,
              price_data: {
                currency: 'sek',
                unit_amount: PRO_PRICE_SEK * 100,
                recurring: { interval: 'month' },
                product_data: { name: 'Singelgolf Pro-medlemskap' },
              },
            };
        const s = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: req.customerId,
          client_reference_id: req.userId,
          currency: 'sek',
          locale: 'sv',
          line_items: [lineItem],
          // No payment_method_types: Stripe offers card and the wallets enabled for the account
          // (Apple Pay, Google Pay, Link; Klarna where it supports subscriptions) in Sweden.
          metadata: { userId: req.userId },
          subscription_data: { metadata: { userId: req.userId } },
          ...(req.embedded
            ? { ui_mode: 'elements' as const, return_url: req.successUrl }
            : { success_url: req.successUrl, cancel_url: req.cancelUrl }),
        });
        if (req.embedded ? !s.client_secret : !s.url)
          throw new ProviderError('Stripe checkout: no url or client secret');
        return { id: s.id, url: s.url, clientSecret: s.client_secret };
      }),

    async retrieveCheckoutSession(id) {
      try {
        return fromStripeSession(await stripe.checkout.sessions.retrieve(id));
      } catch (err) {
        if (missing(err)) return null;
        return call('session', () => Promise.reject(err));
      }
    },
  };
}

/** One-off payments (an event fee: card or Swish) and refunds. */
function stripePayments({ stripe, call }: StripeParts): PaymentPart {
  return {
    createPaymentCheckout: (req) =>
      call('payment checkout', async () => {
        const metadata = { ...req.metadata };
        const s = await stripe.checkout.sessions.create({
          mode: 'payment',
          client_reference_id: req.userId,
          ...(req.email ? { customer_email: req.email } : {}),
          currency: 'sek',
          locale: 'sv',
          // Card and Swish only. The SDK's API version (2026-09-30.endive and later) no longer takes
          // `payment_method_types` here: `allowed_payment_method_types` filters the payment methods
          // enabled in the Dashboard, so Swish must be turned on there (docs/stripe.md).
          allowed_payment_method_types: ['card', 'swish'],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'sek',
                unit_amount: req.amountSek * 100,
                product_data: { name: req.description },
              },
            },
          ],
          metadata,
          // The payment carries the same metadata, so the Dashboard shows what each payment was for.
          payment_intent_data: { metadata, description: req.description },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        });
        if (!s.url) throw new ProviderError('Stripe payment checkout: no url');
        return { id: s.id, url: s.url };
      }),

    refundPayment: (paymentIntentId, amountSek, idempotencyKey) =>
      call('refund', async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, amount: amountSek * 100, reason: 'requested_by_customer' },
          { idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new ProviderError(`Stripe refund ${refund.id} ${refund.status}`);
        }
        return { id: refund.id, status: refund.status ?? 'pending' };
      }),
  };
}

/** Subscriptions: read, cancel at the period's end, the paid invoice behind one, end now. */
function stripeSubscriptions({ stripe, call, missing }: StripeParts): SubscriptionPart {
  return {
    async retrieveSubscription(id) {
      try {
        return fromStripeSubscription(await stripe.subscriptions.retrieve(id));
      } catch (err) {
        if (missing(err)) return null;
        return call('subscription', () => Promise.reject(err));
      }
    },

    setCancelAtPeriodEnd: (id, cancel) =>
      call('subscription update', async () =>
        fromStripeSubscription(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel })),
      ),

    latestSubscriptionPayment: (subscriptionId) =>
      call('subscription payment', async () => {
        const sub = await stripe.subscriptions.retrieve(subscriptionId, {
          expand: ['latest_invoice.payments'],
        });
        const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
        const payment = invoice?.payments?.data.find((p) => p.status === 'paid');
        const intent = payment?.payment.payment_intent;
        if (!invoice || !intent || invoice.amount_paid <= 0) return null;
        return {
          paymentIntentId: typeof intent === 'string' ? intent : intent.id,
          amountSek: Math.round(invoice.amount_paid / 100),
          paidAt: new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000),
        };
      }),

    cancelNow: (id) =>
      call('subscription cancel', async () => {
        const sub = await stripe.subscriptions.retrieve(id);
        if (sub.status !== 'canceled') await stripe.subscriptions.cancel(id);
      }),
  };
}

/** Billing through the official Stripe SDK. */
export function createStripeProvider(config: Config): BillingProvider {
  const stripe = new Stripe(config.STRIPE_SECRET_KEY!, {
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Singelgolf' },
  });

  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) {
        throw new ProviderError(`Stripe ${what}: ${err.message}`);
      }
      throw err;
    }
  };
  const missing = (err: unknown) =>
    err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404;
  const parts: StripeParts = { stripe, config, call, missing };

  return {
    mode: 'stripe',
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    ...stripeCheckouts(parts),
    ...stripePayments(parts),
    ...stripeSubscriptions(parts),

    parseWebhook(rawBody, signature) {
      if (!config.STRIPE_WEBHOOK_SECRET) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.STRIPE_WEBHOOK_SECRET);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      return fromStripeEvent(event);
    },
  };
}
