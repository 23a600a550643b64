import {
  id,
  missing,
  now,
  refused,
  type StandInHandler,
  type StandInInvoice,
  type StandInPaymentIntent,
  type StandInStore,
  type StandInSubscription,
  send,
} from './stripe-stand-in.shared';

const MONTH = 30 * 24 * 60 * 60;

/**
 * /v1/subscriptions/{id}: GET (with `expand[]=latest_invoice…` the paid invoice inline), POST
 * `cancel_at_period_end`, DELETE to cancel now.
 */
export const handleSubscriptions: StandInHandler = (req, res, store) => {
  const subMatch = req.path.match(/^\/v1\/subscriptions\/([\w-]+)$/);
  if (!subMatch) return false;
  const { form, url } = req;
  const sub = store.subscriptions.get(subMatch[1]);
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
      latest_invoice: sub.latest_invoice ? store.invoices.get(sub.latest_invoice) : null,
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
};

/** Pays a session as Stripe Checkout would: an active subscription for a month, its invoice paid. */
export function completeSession(store: StandInStore, sessionId: string): StandInSubscription {
  const s = store.sessions.get(sessionId);
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
  store.paymentIntents.set(pi.id, pi);
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
  store.invoices.set(invoice.id, invoice);
  const sub: StandInSubscription = {
    id: id('sub'),
    object: 'subscription',
    customer: s.customer ?? '',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    metadata: store.subscriptionMetadata.get(sessionId) ?? {},
    items: {
      object: 'list',
      data: [{ id: id('si'), current_period_start: start, current_period_end: start + MONTH }],
    },
    latest_invoice: invoice.id,
  };
  store.subscriptions.set(sub.id, sub);
  Object.assign(s, { status: 'complete', payment_status: 'paid', subscription: sub.id });
  return sub;
}
