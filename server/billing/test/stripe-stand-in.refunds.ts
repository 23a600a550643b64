import { id, refused, type StandInHandler, type StandInRefund, send } from './stripe-stand-in.shared';

/**
 * POST /v1/refunds: refunds (part of) a succeeded PaymentIntent, never more than is left of it; a
 * retry with the same Idempotency-Key gets the first answer again.
 */
export const handleRefunds: StandInHandler = (req, res, store) => {
  if (req.method !== 'POST' || req.path !== '/v1/refunds') return false;
  const { form } = req;
  const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
  store.refundRequests.push({ form, idempotencyKey });
  const again = idempotencyKey ? store.refundsByKey.get(idempotencyKey) : undefined;
  if (again) return send(res, 200, again);
  if (store.refundFailure) return refused(res, store.refundFailure);
  const pi = store.paymentIntents.get(form.get('payment_intent') ?? '');
  if (!pi) return refused(res, `No such payment_intent: '${form.get('payment_intent')}'`, 'resource_missing');
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
  store.refunds.set(refund.id, refund);
  if (idempotencyKey) store.refundsByKey.set(idempotencyKey, refund);
  return send(res, 200, refund);
};
