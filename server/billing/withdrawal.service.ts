import { msg } from '@common/messages';
import { isPro } from '@common/rules/pro';
import { withdrawalDeadline, withdrawalRefund } from '@common/rules/withdrawal';
import { formatStockholmLongDate } from '@common/time';
import { recordAudit } from '../audit/audit';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { enqueueEmail, type MailSettings } from '../email/outbox';
import { ConflictError, NotFoundError, UpstreamError } from '../errors';
import { type BillingProvider, ProviderError } from './billing.provider';
import { lockUser, setProStartedImmediately } from './billing.queries';
import {
  deleteWithdrawal,
  endProNow,
  findUserRow,
  findWithdrawalId,
  insertWithdrawal,
  setWithdrawalRefundId,
} from './withdrawal.queries';

const LIVE = new Set(['active', 'past_due', 'cancel_at_period_end']);

export interface WithdrawalStatus {
  eligible: boolean;
  /** The end of the 14-day period of the current purchase; null without one. */
  deadline: string | null;
  purchasedAt: string | null;
  /** What would be paid back now (kronor); null when not eligible. */
  refundAmount: number | null;
  amountPaid: number | null;
}

/** What the member can withdraw from now: a Pro bought online within 14 days, not yet withdrawn. */
export async function withdrawalStatus(
  db: Db,
  provider: BillingProvider,
  user: UserRow,
  now = new Date(),
): Promise<WithdrawalStatus & { paymentIntentId: string | null }> {
  const none = {
    eligible: false,
    deadline: null,
    purchasedAt: null,
    refundAmount: null,
    amountPaid: null,
    paymentIntentId: null,
  };
  if (!user.proPurchasedAt || !user.stripeSubscriptionId) return none;
  const deadline = withdrawalDeadline(user.proPurchasedAt);
  const base = { ...none, deadline: deadline.toISOString(), purchasedAt: user.proPurchasedAt.toISOString() };
  if (user.membershipType !== 'pro' || !LIVE.has(user.subscriptionStatus ?? '') || now > deadline)
    return base;
  if (await findWithdrawalId(db, user.id, user.proPurchasedAt)) return base;
  const payment = await provider.latestSubscriptionPayment(user.stripeSubscriptionId).catch((err) => {
    if (err instanceof ProviderError) throw new UpstreamError(msg.withdrawalProviderFailed);
    throw err;
  });
  if (!payment) return base;
  const refundAmount = withdrawalRefund(
    {
      purchasedAt: user.proPurchasedAt,
      amountPaid: payment.amountSek,
      periodEnd: user.subscriptionPeriodEnd ?? deadline,
      startedImmediately: user.proStartedImmediately,
    },
    now,
  );
  return {
    ...base,
    eligible: true,
    refundAmount,
    amountPaid: payment.amountSek,
    paymentIntentId: payment.paymentIntentId,
  };
}

/**
 * Withdraws from Pro (the second step, `{ confirm: true }`):
 * 1. under the member's row lock, the withdrawal is reserved (a `pro_withdrawals` row for this purchase),
 *    so two confirms at once make one withdrawal (the other 409);
 * 2. with no transaction open, the payment is refunded (idempotency key per purchase, so a retry never
 *    refunds twice) and then the subscription ended at once; a provider failure takes the reservation
 *    back (502) and the member may try again;
 * 3. in one transaction: the refund recorded, membership `free`, the receipt e-mail and the audit entry.
 */
export async function withdrawFromPro(
  db: Db,
  deps: { provider: BillingProvider; mail: MailSettings },
  userId: string,
  now = new Date(),
): Promise<{ refundAmount: number; withdrawnAt: string }> {
  const user = await findUserRow(db, userId);
  if (!user) throw new NotFoundError(msg.userNotFound);
  const status = await withdrawalStatus(db, deps.provider, user, now);
  if (!status.eligible || status.refundAmount === null || !status.paymentIntentId) {
    throw new ConflictError(msg.withdrawalNotEligible);
  }
  const purchasedAt = user.proPurchasedAt as Date;
  const refundAmount = status.refundAmount;

  const reservation = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (await findWithdrawalId(tx, userId, purchasedAt)) return null;
    return insertWithdrawal(tx, { userId, purchasedAt, withdrawnAt: now, refundAmount });
  });
  if (!reservation) throw new ConflictError(msg.withdrawalNotEligible);

  let refundId: string | null = null;
  try {
    if (refundAmount > 0) {
      // One key per purchase: a retry after the subscription could not be ended gets the same refund back.
      const key = `withdrawal-${userId}-${purchasedAt.getTime()}`;
      const refund = await deps.provider.refundPayment(status.paymentIntentId, refundAmount, key);
      refundId = refund.id;
    }
    await deps.provider.cancelNow(user.stripeSubscriptionId as string);
  } catch (err) {
    await deleteWithdrawal(db, reservation.id);
    if (err instanceof ProviderError) throw new UpstreamError(msg.withdrawalProviderFailed);
    throw err;
  }

  await db.transaction(async (tx) => {
    await setWithdrawalRefundId(tx, reservation.id, refundId);
    await endProNow(tx, userId, now);
    await recordAudit(tx, {
      actorId: userId,
      action: 'pro.withdrawal',
      targetType: 'user',
      targetId: userId,
      details: {
        purchasedAt: purchasedAt.toISOString(),
        refundAmount,
        amountPaid: status.amountPaid,
        refundId,
      },
    });
    if (user.email) {
      await enqueueEmail(tx, deps.mail, {
        to: user.email,
        template: 'pro-withdrawal',
        props: {
          firstName: user.firstName ?? '',
          withdrawnAt: formatStockholmLongDate(now),
          purchasedAt: formatStockholmLongDate(purchasedAt),
          refundAmount,
          amountPaid: status.amountPaid ?? refundAmount,
        },
      });
    }
  });
  return { refundAmount, withdrawnAt: now.toISOString() };
}

/**
 * Records, before a purchase, whether the member asks Pro to start during the withdrawal period (the
 * /subscribe checkbox); a Pro member's current purchase keeps what was chosen for it (409).
 */
export async function setStartImmediately(
  db: Db,
  user: UserRow,
  startImmediately: boolean,
): Promise<{ startImmediately: boolean }> {
  if (isPro(user)) throw new ConflictError(msg.startImmediatelyAfterPurchase);
  await setProStartedImmediately(db, user.id, startImmediately);
  return { startImmediately };
}
