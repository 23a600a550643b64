import { msg } from '@common/messages';
import { refundable } from '@common/rules/event-payment';
import { recordAudit } from '../audit/audit';
import type { BillingLog } from '../billing/billing.provider';
import { type BillingProvider, ProviderError } from '../billing/billing.provider';
import type { Db } from '../db/client';
import { ConflictError, NotFoundError, UpstreamError, ValidationError } from '../errors';
import type { RegistrationRow } from '../registrations/registrations.queries';
import {
  addRefunded,
  deleteRefund,
  findRegistration,
  insertRefund,
  lockRegistration,
  type RefundRow,
  setPaymentStatus,
  setProviderRefundId,
} from './event-payments.queries';

export interface RefundParams {
  registrationId: number;
  /** SEK, or 'rest' for all that is left (an automatic refund; nothing happens when nothing is left). */
  amount: number | 'rest';
  /** The admin who refunds, or null for the system (a payment for an offer that lapsed). */
  createdBy: string | null;
}

type Reservation = { refund: RefundRow; paymentIntentId: string };

/**
 * Step 1, under the registration's row lock: checks the amount against what is left to refund and
 * reserves it (the refund row, and amountRefunded raised), so two refunds at once can never pass the
 * amount paid. Answers null when `rest` finds nothing left.
 */
async function reserveRefund(db: Db, p: RefundParams): Promise<Reservation | null> {
  return db.transaction(async (tx) => {
    const reg = await lockRegistration(tx, p.registrationId);
    if (!reg) throw new NotFoundError(msg.registrationNotFound);
    if (reg.amountPaid <= 0 || !reg.paymentIntentId) throw new ConflictError(msg.refundNothingPaid);
    const left = refundable(reg);
    const amount = p.amount === 'rest' ? left : p.amount;
    if (amount <= 0) return null;
    if (amount > left) throw new ValidationError(msg.refundTooLarge);
    const refund = await insertRefund(tx, { registrationId: reg.id, amount, createdBy: p.createdBy });
    await addRefunded(tx, reg.id, amount);
    return { refund, paymentIntentId: reg.paymentIntentId };
  });
}

/** Takes a reservation back after the provider refused: the database is as it was before. */
async function releaseRefund(db: Db, refund: RefundRow): Promise<void> {
  await db.transaction(async (tx) => {
    const reg = await lockRegistration(tx, refund.registrationId);
    await deleteRefund(tx, refund.id);
    if (!reg) return;
    const row = await addRefunded(tx, reg.id, -refund.amount);
    if (row.paymentStatus === 'refunded' && row.amountRefunded < row.amountPaid) {
      await setPaymentStatus(tx, reg.id, 'paid');
    }
  });
}

/** Step 3: the provider made the refund; its id is stored, and a fully refunded fee is 'refunded'. */
async function confirmRefund(db: Db, refund: RefundRow, providerRefundId: string): Promise<RegistrationRow> {
  return db.transaction(async (tx) => {
    const reg = await lockRegistration(tx, refund.registrationId);
    await setProviderRefundId(tx, refund.id, providerRefundId);
    if (!reg) throw new NotFoundError(msg.registrationNotFound);
    await recordAudit(tx, {
      actorId: refund.createdBy,
      action: 'registration.refund',
      targetType: 'registration',
      targetId: reg.id,
      details: { eventId: reg.eventId, userId: reg.userId, amount: refund.amount, providerRefundId },
    });
    if (reg.amountRefunded >= reg.amountPaid && reg.paymentStatus !== 'refunded') {
      return setPaymentStatus(tx, reg.id, 'refunded');
    }
    const { eventTitle: _, ...row } = reg;
    return row;
  });
}

/**
 * Refunds part or all of a registration's fee paid online. The amount is reserved under the row lock
 * first, then the provider refunds it (no transaction is open during that call), then the refund is
 * confirmed; when the provider refuses, the reservation is taken back and UpstreamError (502) answers,
 * so the database is as before. Nothing paid online → ConflictError; more than is left → ValidationError.
 */
export async function refundRegistration(
  db: Db,
  provider: BillingProvider,
  p: RefundParams,
  log: BillingLog,
): Promise<RegistrationRow> {
  const reserved = await reserveRefund(db, p);
  if (!reserved) return (await findRegistration(db, p.registrationId))!;
  const { refund, paymentIntentId } = reserved;
  let providerRefundId: string;
  try {
    // One key per refund row: a retry of this call never refunds twice.
    const made = await provider.refundPayment(
      paymentIntentId,
      refund.amount,
      `refund-${paymentIntentId}-${refund.id}`,
    );
    providerRefundId = made.id;
  } catch (err) {
    await releaseRefund(db, refund).catch((releaseErr) => {
      // The refund row stays without a provider id: it was not made, and needs a person to remove it.
      log.error(
        { err: releaseErr, refundId: refund.id },
        'could not take back an event fee refund reservation',
      );
    });
    log.warn(
      { err, registrationId: refund.registrationId, amount: refund.amount },
      'event fee refund refused by the provider; nothing recorded',
    );
    if (err instanceof ProviderError) throw new UpstreamError(msg.refundFailed);
    throw err;
  }
  log.info(
    { registrationId: refund.registrationId, amount: refund.amount, providerRefundId, by: p.createdBy },
    'event fee refunded',
  );
  return confirmRefund(db, refund, providerRefundId);
}
