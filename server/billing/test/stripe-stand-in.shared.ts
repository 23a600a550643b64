import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the Stripe stand-in (`stripe-stand-in.ts`) holds and how its resource handlers answer: the
 * Stripe objects as tests see them, and the small HTTP helpers every resource uses.
 */
export interface StandInCustomer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
}

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

/** Everything the stand-in keeps; the maps are the ones tests read and change through `StripeStandIn`. */
export interface StandInStore {
  customers: Map<string, StandInCustomer>;
  sessions: Map<string, StandInSession>;
  /** Form parameters of every POST /v1/checkout/sessions, as sent. */
  sessionRequests: URLSearchParams[];
  /** Per session: the metadata it asked for its subscription (or, in payment mode, its PaymentIntent). */
  subscriptionMetadata: Map<string, Record<string, string>>;
  subscriptions: Map<string, StandInSubscription>;
  invoices: Map<string, StandInInvoice>;
  paymentIntents: Map<string, StandInPaymentIntent>;
  refunds: Map<string, StandInRefund>;
  /** Every POST /v1/refunds as sent (form and Idempotency-Key), including refused ones. */
  refundRequests: { form: URLSearchParams; idempotencyKey: string | null }[];
  /** The refund made under each Idempotency-Key, answered again for a retry. */
  refundsByKey: Map<string, StandInRefund>;
  /** While set, every refund is refused with this message (400, as Stripe refuses one). */
  refundFailure: string | null;
}

/** An empty store. */
export function createStore(): StandInStore {
  return {
    customers: new Map(),
    sessions: new Map(),
    sessionRequests: [],
    subscriptionMetadata: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
    refundRequests: [],
    refundsByKey: new Map(),
    refundFailure: null,
  };
}

/** One API request as a resource handler sees it (the form already read; empty unless POST). */
export interface StandInRequest {
  method: string | undefined;
  path: string;
  url: URL;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** Answers the request if it is for the handler's resource (true), or leaves it to the next (false). */
export type StandInHandler = (req: StandInRequest, res: ServerResponse, store: StandInStore) => boolean;

/** A Stripe-style object id with its prefix (`cus_…`, `pi_…`). */
export const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
/** Now in Unix seconds, as Stripe's timestamps. */
export const now = () => Math.floor(Date.now() / 1000);

/** Sends a JSON answer; true, so that a handler can `return send(…)`. */
export function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
  return true;
}

/** Stripe's 404 for an unknown object. */
export const missing = (res: ServerResponse, what: string) =>
  send(res, 404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
  });

/** Stripe's 400 for a request it refuses. */
export const refused = (res: ServerResponse, message: string, code?: string) =>
  send(res, 400, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });

/** The form-encoded body of a request. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The `prefix[key]=value` pairs of a form as an object (`metadata[...]` unless told). */
export const metadataOf = (form: URLSearchParams, prefix = 'metadata') => {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = k.match(new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(\\w+)\\]$`));
    if (m) out[m[1]] = v;
  }
  return out;
};
