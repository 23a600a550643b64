import { msg } from '@common/messages';
import { canPayEventFee } from '@common/rules/event-payment';
import type { MyRegistration } from '@common/schemas/registrations';
import type { UserRow } from '../auth/users.presenter';
import { requirePayments } from '../billing/billing.disabled';
import type { BillingLog, HandleResult } from '../billing/billing.provider';
import {
  type BillingEvent,
  type BillingProvider,
  type EventFeeMetadata,
  eventCheckoutReturnUrls,
  eventFeeOf,
  type ProviderCheckoutSession,
  ProviderError,
} from '../billing/billing.provider';
import { markEventProcessed } from '../billing/billing.queries';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { ConflictError, ForbiddenError, NotFoundError, UpstreamError } from '../errors';
import { acceptOffer, queuePosition } from '../registrations/offers.service';
import { presentMyRegistration } from '../registrations/registrations.presenter';
import { findLiveRegistration, type RegistrationRow } from '../registrations/registrations.queries';
import {
  findPayableEvent,
  findRegistration,
  lockRegistration,
  markRegistrationPaid,
  type PayableEventRow,
} from './event-payments.queries';
import { refundRegistration } from './event-payments.refunds';

/** Used when a caller has no logger of its own (scripts); the app passes its own. */
const consoleLog: BillingLog = {
  info: () => {},
  warn: (obj: unknown, message?: string) => console.warn(message, obj),
  error: (obj: unknown, message?: string) => console.error(message, obj),
} as BillingLog;

/** Why the caller cannot pay this registration's fee now, or null when they can. */
function payRefusal(event: PayableEventRow, reg: RegistrationRow, now: Date): string | null {
  if (reg.paymentStatus === 'paid') return msg.alreadyPaid;
  if (!event.payOnline || event.price <= 0) return msg.eventNotPaidOnline;
  if (event.status === 'cancelled') return msg.eventCancelled;
  if (!canPayEventFee(event, reg)) return msg.nothingToPay;
  // An offer that has run out (the expiry job has not passed it on yet) cannot be accepted by paying.
  if (reg.status === 'offered' && (!reg.offerExpiresAt || reg.offerExpiresAt <= now)) return msg.offerExpired;
  return null;
}

/**
 * Starts paying the event fee of the caller's live registration: a checkout in payment mode for the
 * event's price (SEK, card or Swish), returning to the event's page. ConflictError when there is
 * nothing to pay (not registered, already paid, not paid online, waitlisted); UpstreamError when the
 * provider cannot start it.
 */
export async function startEventCheckout(
  db: Db,
  provider: BillingProvider,
  publicUrl: string,
  user: UserRow,
  eventId: number,
): Promise<{ checkoutUrl: string }> {
  requirePayments(provider);
  const event = await findPayableEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  const reg = await findLiveRegistration(db, eventId, user.id);
  if (!reg) throw new ConflictError(msg.notRegistered);
  const refusal = payRefusal(event, reg, new Date());
  if (refusal) throw new ConflictError(refusal);
  try {
    const session = await provider.createPaymentCheckout({
      userId: user.id,
      email: user.email,
      amountSek: event.price,
      description: event.title,
      metadata: {
        kind: 'event_fee',
        registrationId: String(reg.id),
        eventId: String(event.id),
        userId: user.id,
      },
      ...eventCheckoutReturnUrls(publicUrl, event.id),
    });
    return { checkoutUrl: session.url };
  } catch (err) {
    if (err instanceof ProviderError) throw new UpstreamError(msg.paymentStartFailed);
    throw err;
  }
}

const isPaid = (s: ProviderCheckoutSession) => s.status === 'complete' && s.paymentStatus === 'paid';

type Recorded =
  | { kind: 'recorded' | 'already'; registration: RegistrationRow }
  /** The registration already has another payment: this one is paid twice. */
  | { kind: 'second_payment'; registration: RegistrationRow }
  | { kind: 'unknown' };

/** Under the registration's row lock: records the session's payment once (and publishes 'event-fee.paid'). */
async function recordPayment(
  db: Db,
  fee: EventFeeMetadata,
  session: ProviderCheckoutSession & { paymentIntentId: string },
  log: BillingLog,
): Promise<Recorded> {
  return db.transaction(async (tx) => {
    const locked = await lockRegistration(tx, Number(fee.registrationId));
    if (!locked || locked.userId !== fee.userId || locked.eventId !== Number(fee.eventId)) {
      return { kind: 'unknown' };
    }
    const { eventTitle, ...reg } = locked;
    if (reg.paymentIntentId === session.paymentIntentId) return { kind: 'already', registration: reg };
    if (reg.paymentIntentId || reg.amountPaid > 0) return { kind: 'second_payment', registration: reg };
    const context = {
      registrationId: reg.id,
      eventId: reg.eventId,
      paymentIntentId: session.paymentIntentId,
    };
    if (reg.status === 'cancelled') {
      // Kept so an admin can refund it ('Återbetala'); the member left before the payment arrived.
      log.warn(context, 'event fee paid for a cancelled registration: recorded for an admin to refund');
    } else if (reg.paymentStatus !== 'pending') {
      log.warn(
        { ...context, paymentStatus: reg.paymentStatus },
        'event fee paid online after being marked by hand',
      );
    }
    const row = await markRegistrationPaid(tx, reg.id, {
      amountPaid: Math.round(session.amountTotal ?? 0),
      paidAt: new Date(),
      paymentIntentId: session.paymentIntentId,
    });
    await publish(tx, 'event-fee.paid', {
      registrationId: row.id,
      userId: row.userId,
      eventId: row.eventId,
      eventTitle,
    });
    return { kind: 'recorded', registration: row };
  });
}

/**
 * Paying while offered a place accepts the offer. When the offer is no longer open (it lapsed while the
 * member paid), the payment is refunded in full, automatically.
 */
async function settleOffer(
  db: Db,
  provider: BillingProvider,
  reg: RegistrationRow,
  log: BillingLog,
): Promise<RegistrationRow> {
  try {
    return await acceptOffer(db, { eventId: reg.eventId, userId: reg.userId });
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
  }
  const now = (await findRegistration(db, reg.id)) ?? reg;
  // Accepted meanwhile (the webhook and the return page at once): nothing to undo.
  if (now.status === 'registered') return now;
  log.warn(
    {
      registrationId: reg.id,
      eventId: reg.eventId,
      status: now.status,
      paymentIntentId: reg.paymentIntentId,
    },
    'event fee paid for an offer that is no longer open: refunding it in full',
  );
  return refundRegistration(db, provider, { registrationId: reg.id, amount: 'rest', createdBy: null }, log);
}

/** Refunds a whole payment that belongs to no registration's fee (paid twice, or for nothing left). */
async function refundWholePayment(
  provider: BillingProvider,
  session: ProviderCheckoutSession & { paymentIntentId: string },
  why: string,
  log: BillingLog,
  context: Record<string, unknown>,
): Promise<void> {
  log.warn({ ...context, sessionId: session.id, paymentIntentId: session.paymentIntentId }, why);
  // The same key on every delivery: the provider refunds it once.
  const refund = await provider.refundPayment(
    session.paymentIntentId,
    Math.round(session.amountTotal ?? 0),
    `whole-${session.paymentIntentId}`,
  );
  log.info(
    { paymentIntentId: session.paymentIntentId, providerRefundId: refund.id },
    'payment refunded in full',
  );
}

/**
 * Applies a paid event-fee session to its registration, the same whoever calls (webhook, return page,
 * test mode) and however often: the payment is recorded once (paid, amount, time, payment id, the
 * member's notice, in one transaction), an offered registration is accepted (or the payment refunded
 * when the offer lapsed), and a payment that has no fee to pay (a second payment of a paid registration,
 * or one whose registration is gone) is refunded in full. Answers the registration as it is afterwards,
 * or null when there is none.
 */
export async function settleEventFee(
  db: Db,
  provider: BillingProvider,
  session: ProviderCheckoutSession,
  log: BillingLog = consoleLog,
): Promise<RegistrationRow | null> {
  const fee = eventFeeOf(session);
  const paymentIntentId = session.paymentIntentId;
  if (!fee || !isPaid(session) || !paymentIntentId) return null;
  const paidSession = { ...session, paymentIntentId };
  const recorded = await recordPayment(db, fee, paidSession, log);
  switch (recorded.kind) {
    case 'unknown':
      await refundWholePayment(
        provider,
        paidSession,
        'event fee paid for a registration that is gone: refunding it',
        log,
        {
          ...fee,
        },
      );
      return null;
    case 'second_payment':
      await refundWholePayment(
        provider,
        paidSession,
        'event fee paid twice: refunding the second payment',
        log,
        {
          registrationId: recorded.registration.id,
          kept: recorded.registration.paymentIntentId,
        },
      );
      return recorded.registration;
    default:
      return recorded.registration.status === 'offered'
        ? settleOffer(db, provider, recorded.registration, log)
        : recorded.registration;
  }
}

/**
 * A webhook (or test-mode) event about an event fee's checkout, handled once per event id: the
 * session is read back from the provider (the event body is not trusted) and settled. A session that
 * is not paid yet (Swish may complete first and pay in `async_payment_succeeded`) changes nothing.
 */
export async function handleEventFeeEvent(
  db: Db,
  provider: BillingProvider,
  event: Extract<BillingEvent, { session: ProviderCheckoutSession }>,
  log: BillingLog = consoleLog,
): Promise<HandleResult> {
  const session = await provider.retrieveCheckoutSession(event.session.id);
  const payable = session !== null && eventFeeOf(session) !== null && isPaid(session);
  if (payable) await settleEventFee(db, provider, session, log);
  // Marked after settling: a failure answers 500 and the provider's retry settles again (idempotent).
  if (!(await markEventProcessed(db, event.id, event.type))) return 'duplicate';
  return payable ? 'processed' : 'ignored';
}

/**
 * The return page after paying (`?payment=success&session_id=…`): the caller's own paid session of this
 * event is read back from the provider and settled exactly as the webhook does. Answers the caller's
 * registration. Unknown or another event's session → NotFoundError; another member's → ForbiddenError;
 * not paid (yet) → ConflictError.
 */
export async function confirmEventCheckout(
  db: Db,
  provider: BillingProvider,
  user: UserRow,
  eventId: number,
  sessionId: string,
  log: BillingLog = consoleLog,
): Promise<MyRegistration> {
  requirePayments(provider);
  const session = await provider.retrieveCheckoutSession(sessionId);
  if (!session) throw new NotFoundError(msg.sessionNotFound);
  const fee = eventFeeOf(session);
  if (!fee) throw new NotFoundError(msg.sessionNotFound);
  if (session.userId !== user.id || fee.userId !== user.id) throw new ForbiddenError(msg.sessionNotYours);
  if (Number(fee.eventId) !== eventId) throw new NotFoundError(msg.sessionNotFound);
  if (!isPaid(session)) throw new ConflictError(msg.paymentNotCompleted);
  const reg = await settleEventFee(db, provider, session, log);
  const event = await findPayableEvent(db, eventId);
  if (!reg || !event) throw new NotFoundError(msg.registrationNotFound);
  const position = reg.status === 'waitlisted' ? await queuePosition(db, reg) : null;
  return presentMyRegistration(reg, event, position);
}
