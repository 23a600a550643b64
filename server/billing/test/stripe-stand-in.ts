import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server standing in for the few Stripe API calls billing makes (customers, checkout
 * sessions in subscription and payment mode, subscriptions, refunds). The real SDK talks to it over
 * HTTP (host/port/protocol); tests change its state the way Stripe would and send signed webhooks
 * about it.
 */
export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; current_period_start: number; current_period_end: number }[] };
  /** The invoice of the first payment (its id; expanded on request). */
  latest_invoice: string | null;
}

/** A paid subscription invoice with its payment (what `expand: ['latest_invoice.payments']` answers). */
export interface StandInInvoice {
  id: string;
  object: 'invoice';
  amount_paid: number;
  created: number;
  status: 'paid';
  status_transitions: { paid_at: number };
  payments: {
    object: 'list';
    data: {
      id: string;
      object: 'invoice_payment';
      status: 'paid';
      payment: { type: 'payment_intent'; payment_intent: string };
    }[];
  };
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  client_secret: string | null;
  ui_mode: string;
  mode: string;
  currency: string | null;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  subscription: string | null;
  /** Payment mode: the PaymentIntent, once the customer confirmed. */
  payment_intent: string | null;
  /** In öre (line items' unit_amount × quantity). */
  amount_total: number | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  success_url: string;
  cancel_url: string;
}

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded';
  metadata: Record<string, string>;
  /** Not a Stripe field: what the stand-in has refunded of it (öre). */
  refunded: number;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

export interface StripeStandIn {
  port: number;
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
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

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 60 * 60;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}
const missing = (res: ServerResponse, what: string) =>
  send(res, 404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
  });

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const metadataOf = (form: URLSearchParams, prefix = 'metadata') => {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = k.match(new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(\\w+)\\]$`));
    if (m) out[m[1]] = v;
  }
  return out;
};

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const customers: StripeStandIn['customers'] = new Map();
  const sessions: StripeStandIn['sessions'] = new Map();
  const subscriptions: StripeStandIn['subscriptions'] = new Map();
  const invoices: StripeStandIn['invoices'] = new Map();
  const sessionRequests: URLSearchParams[] = [];
  const subscriptionMetadata = new Map<string, Record<string, string>>();
  const paymentIntents: StripeStandIn['paymentIntents'] = new Map();
  const refunds: StripeStandIn['refunds'] = new Map();
  const refundRequests: StripeStandIn['refundRequests'] = [];
  const refundsByKey = new Map<string, StandInRefund>();
  let refundFailure: string | null = null;
  const refused = (res: ServerResponse, message: string, code?: string) =>
    send(res, 400, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });

  const server: Server = createServer(async (req, res) => {
    if (req.headers.authorization !== 'Bearer sk_test_standin') {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const form = req.method === 'POST' ? await readForm(req) : new URLSearchParams();
    const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
    const subMatch = path.match(/^\/v1\/subscriptions\/([\w-]+)$/);

    if (req.method === 'POST' && path === '/v1/customers') {
      const c = { id: id('cus'), object: 'customer', email: form.get('email'), metadata: metadataOf(form) };
      customers.set(c.id, c);
      return send(res, 200, c);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      sessionRequests.push(form);
      // Removed from Checkout Session create in API 2026-09-30.endive (allowed_payment_method_types instead).
      if ([...form.keys()].some((k) => k.startsWith('payment_method_types'))) {
        return refused(res, 'Received unknown parameter: payment_method_types', 'parameter_unknown');
      }
      const listOf = (name: string) => [...form].filter(([k]) => k.startsWith(`${name}[`)).map(([, v]) => v);
      const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]') ?? Number.NaN);
      const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
      const allowed = listOf('allowed_payment_method_types');
      const s: StandInSession = {
        id: id('cs_test'),
        object: 'checkout.session',
        url: null,
        client_secret: null,
        ui_mode: form.get('ui_mode') ?? 'hosted_page',
        mode: form.get('mode') ?? '',
        currency: form.get('currency'),
        customer: form.get('customer'),
        client_reference_id: form.get('client_reference_id'),
        metadata: metadataOf(form),
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        payment_intent: null,
        amount_total: Number.isFinite(unitAmount) ? unitAmount * quantity : null,
        allowed_payment_method_types: allowed.length ? allowed : null,
        payment_method_types: allowed.length ? allowed : ['card'],
        success_url: form.get('success_url') ?? form.get('return_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
      };
      // Stripe's minimum charge in SEK (3.00 kr).
      if (s.mode === 'payment' && s.currency === 'sek' && (s.amount_total ?? 0) < 300) {
        return refused(res, "The Checkout Session's total amount due must add up to at least kr 3.00");
      }
      if (s.ui_mode === 'elements') s.client_secret = `${s.id}_secret_${randomBytes(8).toString('hex')}`;
      else s.url = `https://checkout.stripe.test/c/pay/${s.id}`;
      subscriptionMetadata.set(
        s.id,
        metadataOf(
          form,
          s.mode === 'payment' ? 'payment_intent_data[metadata]' : 'subscription_data[metadata]',
        ),
      );
      sessions.set(s.id, s);
      return send(res, 200, s);
    }
    if (req.method === 'GET' && sessionMatch) {
      const s = sessions.get(sessionMatch[1]);
      return s ? send(res, 200, s) : missing(res, 'checkout.session');
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      refundRequests.push({ form, idempotencyKey });
      const again = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (again) return send(res, 200, again);
      if (refundFailure) return refused(res, refundFailure);
      const pi = paymentIntents.get(form.get('payment_intent') ?? '');
      if (!pi)
        return refused(res, `No such payment_intent: '${form.get('payment_intent')}'`, 'resource_missing');
      const amount = form.has('amount') ? Number(form.get('amount')) : pi.amount - pi.refunded;
      if (pi.status !== 'succeeded') return refused(res, 'This PaymentIntent has not succeeded yet');
      if (!(amount > 0) || amount > pi.amount - pi.refunded) {
        return refused(
          res,
          `Refund amount (${amount / 100} kr) is greater than unrefunded amount on charge (${(pi.amount - pi.refunded) / 100} kr)`,
          'amount_too_large',
        );
      }
      pi.refunded += amount;
      const refund: StandInRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        reason: form.get('reason'),
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      return send(res, 200, refund);
    }
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1]);
      if (!sub) return missing(res, 'subscription');
      if (req.method === 'DELETE') {
        if (sub.status === 'canceled') {
          return refused(res, `No such subscription: '${sub.id}' (already canceled)`, 'resource_missing');
        }
        Object.assign(sub, { status: 'canceled', canceled_at: now(), cancel_at_period_end: false });
        return send(res, 200, sub);
      }
      if (
        req.method === 'GET' &&
        [...url.searchParams].some(([k, v]) => k.startsWith('expand') && v.startsWith('latest_invoice'))
      ) {
        return send(res, 200, {
          ...sub,
          latest_invoice: sub.latest_invoice ? invoices.get(sub.latest_invoice) : null,
        });
      }
      if (req.method === 'POST') {
        if (sub.status === 'canceled') {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              message: 'A canceled subscription can only update its metadata',
            },
          });
        }
        if (form.has('cancel_at_period_end')) {
          sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
          sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
          sub.canceled_at = sub.cancel_at_period_end ? now() : null;
        }
      }
      return send(res, 200, sub);
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    customers,
    sessions,
    sessionRequests,
    subscriptions,
    invoices,
    paymentIntents,
    refunds,
    refundRequests,
    get refundFailure() {
      return refundFailure;
    },
    set refundFailure(message: string | null) {
      refundFailure = message;
    },
    completePaymentSession(sessionId, { settled = true } = {}) {
      const s = sessions.get(sessionId);
      if (s?.mode !== 'payment') throw new Error(`no payment session ${sessionId}`);
      const pi: StandInPaymentIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: s.amount_total ?? 0,
        currency: s.currency ?? 'sek',
        status: settled ? 'succeeded' : 'processing',
        metadata: subscriptionMetadata.get(sessionId) ?? {},
        refunded: 0,
      };
      paymentIntents.set(pi.id, pi);
      Object.assign(s, {
        status: 'complete',
        payment_status: settled ? 'paid' : 'unpaid',
        payment_intent: pi.id,
      });
      return pi;
    },
    settlePayment(sessionId) {
      const s = sessions.get(sessionId);
      const pi = s?.payment_intent ? paymentIntents.get(s.payment_intent) : undefined;
      if (!s || !pi) throw new Error(`no completed payment session ${sessionId}`);
      pi.status = 'succeeded';
      s.payment_status = 'paid';
    },
    completeSession(sessionId) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const start = now();
      // The first month's payment: a PaymentIntent (refundable) on the subscription's invoice.
      const pi: StandInPaymentIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: s.amount_total ?? 9900,
        currency: s.currency ?? 'sek',
        status: 'succeeded',
        metadata: {},
        refunded: 0,
      };
      paymentIntents.set(pi.id, pi);
      const invoice: StandInInvoice = {
        id: id('in'),
        object: 'invoice',
        amount_paid: pi.amount,
        created: start,
        status: 'paid',
        status_transitions: { paid_at: start },
        payments: {
          object: 'list',
          data: [
            {
              id: id('inpay'),
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: pi.id },
            },
          ],
        },
      };
      invoices.set(invoice.id, invoice);
      const sub: StandInSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: s.customer ?? '',
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        metadata: subscriptionMetadata.get(sessionId) ?? {},
        items: {
          object: 'list',
          data: [{ id: id('si'), current_period_start: start, current_period_end: start + MONTH }],
        },
        latest_invoice: invoice.id,
      };
      subscriptions.set(sub.id, sub);
      Object.assign(s, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      return sub;
    },
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
