import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  completePaymentSession,
  handleCheckoutSessions,
  settlePayment,
} from './stripe-stand-in.checkout-sessions';
import { handleCustomers } from './stripe-stand-in.customers';
import { handleRefunds } from './stripe-stand-in.refunds';
import {
  createStore,
  id,
  now,
  readForm,
  type StandInCustomer,
  type StandInHandler,
  type StandInInvoice,
  type StandInPaymentIntent,
  type StandInRefund,
  type StandInSession,
  type StandInSubscription,
  send,
} from './stripe-stand-in.shared';
import { completeSession, handleSubscriptions } from './stripe-stand-in.subscriptions';

export type {
  StandInInvoice,
  StandInPaymentIntent,
  StandInRefund,
  StandInSession,
  StandInSubscription,
} from './stripe-stand-in.shared';

/**
 * A local HTTP server standing in for the few Stripe API calls billing makes (customers, checkout
 * sessions in subscription and payment mode, subscriptions, refunds). The real SDK talks to it over
 * HTTP (host/port/protocol); tests change its state the way Stripe would and send signed webhooks
 * about it. Each resource is answered by its own handler (`stripe-stand-in.<resource>.ts`).
 */
export interface StripeStandIn {
  port: number;
  customers: Map<string, StandInCustomer>;
  sessions: Map<string, StandInSession>;
  /** Form parameters of every POST /v1/checkout/sessions, as sent. */
  sessionRequests: URLSearchParams[];
  subscriptions: Map<string, StandInSubscription>;
  invoices: Map<string, StandInInvoice>;
  paymentIntents: Map<string, StandInPaymentIntent>;
  refunds: Map<string, StandInRefund>;
  /** Every POST /v1/refunds as sent (form and Idempotency-Key), including refused ones. */
  refundRequests: { form: URLSearchParams; idempotencyKey: string | null }[];
  /** While set, every refund is refused with this message (400, as Stripe refuses one). */
  refundFailure: string | null;
  /** Pays a session as Stripe Checkout would: an active subscription for a month, its invoice paid. */
  completeSession(sessionId: string): StandInSubscription;
  /**
   * Pays a payment-mode session as Stripe Checkout would: a PaymentIntent for its total. With
   * `{ settled: false }` the session completes unpaid (a payment method that settles later) until
   * `settlePayment`.
   */
  completePaymentSession(sessionId: string, opts?: { settled?: boolean }): StandInPaymentIntent;
  /** The delayed payment of a completed session succeeds (checkout.session.async_payment_succeeded). */
  settlePayment(sessionId: string): void;
  /** A signed webhook request body and header for an event about an object. */
  signedEvent(
    type: string,
    object: unknown,
    secret: string,
    id?: string,
  ): { payload: string; signature: string; id: string };
  close(): Promise<void>;
}

/** The resources the stand-in knows; a request none of them takes is answered 404. */
const handlers: StandInHandler[] = [
  handleCustomers,
  handleCheckoutSessions,
  handleRefunds,
  handleSubscriptions,
];

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const store = createStore();

  const server: Server = createServer(async (req, res) => {
    if (req.headers.authorization !== 'Bearer sk_test_standin') {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const form = req.method === 'POST' ? await readForm(req) : new URLSearchParams();
    const request = { method: req.method, path: url.pathname, url, headers: req.headers, form };
    if (handlers.some((handle) => handle(request, res, store))) return;
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    customers: store.customers,
    sessions: store.sessions,
    sessionRequests: store.sessionRequests,
    subscriptions: store.subscriptions,
    invoices: store.invoices,
    paymentIntents: store.paymentIntents,
    refunds: store.refunds,
    refundRequests: store.refundRequests,
    get refundFailure() {
      return store.refundFailure;
    },
    set refundFailure(message: string | null) {
      store.refundFailure = message;
    },
    completePaymentSession: (sessionId, opts) => completePaymentSession(store, sessionId, opts),
    settlePayment: (sessionId) => settlePayment(store, sessionId),
    completeSession: (sessionId) => completeSession(store, sessionId),
    signedEvent(type, object, secret, eventId = id('evt')) {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object },
      });
      return {
        payload,
        signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
        id: eventId,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
