import { randomBytes } from 'node:crypto';
import {
  id,
  metadataOf,
  missing,
  refused,
  type StandInHandler,
  type StandInPaymentIntent,
  type StandInSession,
  type StandInStore,
  send,
} from './stripe-stand-in.shared';

/** POST /v1/checkout/sessions (subscription and payment mode) and GET /v1/checkout/sessions/{id}. */
export const handleCheckoutSessions: StandInHandler = (req, res, store) => {
  const { form, path } = req;
  if (req.method === 'POST' && path === '/v1/checkout/sessions') {
    store.sessionRequests.push(form);
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
    store.subscriptionMetadata.set(
      s.id,
      metadataOf(
        form,
        s.mode === 'payment' ? 'payment_intent_data[metadata]' : 'subscription_data[metadata]',
      ),
    );
    store.sessions.set(s.id, s);
    return send(res, 200, s);
  }
  const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
  if (req.method === 'GET' && sessionMatch) {
    const s = store.sessions.get(sessionMatch[1]);
    return s ? send(res, 200, s) : missing(res, 'checkout.session');
  }
  return false;
};

/**
 * Pays a payment-mode session as Stripe Checkout would: a PaymentIntent for its total. With
 * `{ settled: false }` the session completes unpaid (a payment method that settles later) until
 * `settlePayment`.
 */
export function completePaymentSession(
  store: StandInStore,
  sessionId: string,
  { settled = true }: { settled?: boolean } = {},
): StandInPaymentIntent {
  const s = store.sessions.get(sessionId);
  if (s?.mode !== 'payment') throw new Error(`no payment session ${sessionId}`);
  const pi: StandInPaymentIntent = {
    id: id('pi'),
    object: 'payment_intent',
    amount: s.amount_total ?? 0,
    currency: s.currency ?? 'sek',
    status: settled ? 'succeeded' : 'processing',
    metadata: store.subscriptionMetadata.get(sessionId) ?? {},
    refunded: 0,
  };
  store.paymentIntents.set(pi.id, pi);
  Object.assign(s, {
    status: 'complete',
    payment_status: settled ? 'paid' : 'unpaid',
    payment_intent: pi.id,
  });
  return pi;
}

/** The delayed payment of a completed session succeeds (checkout.session.async_payment_succeeded). */
export function settlePayment(store: StandInStore, sessionId: string): void {
  const s = store.sessions.get(sessionId);
  const pi = s?.payment_intent ? store.paymentIntents.get(s.payment_intent) : undefined;
  if (!s || !pi) throw new Error(`no completed payment session ${sessionId}`);
  pi.status = 'succeeded';
  s.payment_status = 'paid';
}
