import { createHash, randomBytes } from 'node:crypto';
import { PRO_PRICE_SEK } from '@common/limits';
import { msg } from '@common/messages';
import { cardNumberError } from '@common/rules/card-number';
import type { Db } from '../db/client';
import { ForbiddenError, NotFoundError } from '../errors';
import {
  type BillingEvent,
  type BillingProvider,
  type CheckoutRequest,
  checkoutReturnUrls,
  eventCheckoutReturnUrls,
  type PaymentCheckoutRequest,
  type ProviderCheckoutSession,
  ProviderError,
  type ProviderSubscription,
  WebhookSignatureError,
} from './billing.provider';
import { type BillingLog, handleBillingEvent } from './billing.sync';
import {
  cancelTestSubscription,
  claimTestSession,
  findPaidSessionOfSubscription,
  findPaidTestPayment,
  findTestSession,
  findTestSubscription,
  insertTestSession,
  insertTestSubscription,
  listLiveTestSubscriptions,
  setTestCancelAtPeriodEnd,
  setTestSubscriptionPeriod,
  type TestSessionRow,
  type TestSubscriptionRow,
} from './billing.test-mode.queries';

/** Stripe's test card that is declined; any other number pays. */
export const DECLINED_TEST_CARD = '4000000000000002';

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One calendar month later (UTC), as Stripe bills monthly. */
export function addMonth(d: Date): Date {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

type SubRow = TestSubscriptionRow;
/** A test session with, for an event fee (mode 'payment'), the event it pays for. */
export type SessionRow = TestSessionRow;

const toSubscription = (r: SubRow): ProviderSubscription => ({
  id: r.id,
  customerId: r.customerId,
  status: r.status as ProviderSubscription['status'],
  cancelAtPeriodEnd: r.cancelAtPeriodEnd,
  currentPeriodEnd: r.currentPeriodEnd,
  userId: r.userId,
});

const toSession = (r: SessionRow): ProviderCheckoutSession => ({
  id: r.id,
  mode: r.mode === 'payment' ? 'payment' : 'subscription',
  userId: r.userId,
  customerId: r.customerId,
  subscriptionId: r.subscriptionId,
  status: r.status as ProviderCheckoutSession['status'],
  paymentStatus: r.paymentStatus as ProviderCheckoutSession['paymentStatus'],
  paymentIntentId: r.paymentIntentId,
  amountTotal: r.amount,
  // Only event fees use payment mode here; the metadata Stripe would carry is rebuilt from the columns.
  metadata:
    r.mode === 'payment' && r.registrationId != null && r.eventId != null
      ? {
          kind: 'event_fee',
          registrationId: String(r.registrationId),
          eventId: String(r.eventId),
          userId: r.userId,
        }
      : {},
});

/** The test mode's refund id for an idempotency key: the same key answers the same refund. */
const refundIdFor = (key: string) => `re_test_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

export type PayResult = { ok: true; redirectUrl: string } | { ok: false; message: string };
export interface AdvanceResult {
  subscriptionId: string;
  userId: string;
  result: 'renewed' | 'ended' | 'payment_failed' | 'unchanged';
}

export interface TestModeProvider extends BillingProvider {
  readonly mode: 'test';
  /** The open checkout session of the built-in test page, if it is this member's. */
  findSession(id: string): Promise<SessionRow | undefined>;
  /**
   * The test page's 'Betala': for Pro creates the subscription, for an event fee marks the payment
   * made; then sends the events Stripe would.
   */
  pay(sessionId: string, userId: string, cardNumber: string, returnTo?: string): Promise<PayResult>;
  /** Moves the billing clock forward: renews, fails or ends every period that falls due. */
  advance(days: number, opts?: { failRenewal?: boolean }): Promise<AdvanceResult[]>;
}

/** What the test mode's parts share: the database, the site's address and how events are delivered. */
interface TestMode {
  db: Db;
  publicUrl: string;
  /** Delivers an event the way Stripe's webhook would reach billing: the same handler, once per id. */
  send: (event: BillingEvent) => Promise<unknown>;
}

/** Checkout sessions: Pro (subscription mode) and one-off payments (an event fee). */
function testCheckouts({ db, publicUrl }: TestMode) {
  return {
    createCustomer: async () => newId('cus'),

    async createCheckoutSession(req: CheckoutRequest) {
      const id = newId('cs');
      await insertTestSession(db, {
        id,
        userId: req.userId,
        customerId: req.customerId,
        amount: PRO_PRICE_SEK,
      });
      // The test mode has no embedded element: /subscribe shows its own test form posting to this session.
      return { id, url: `${publicUrl}/test-checkout/${id}`, clientSecret: null };
    },

    retrieveCheckoutSession: async (id: string) => {
      const row = await findTestSession(db, id);
      return row ? toSession(row) : null;
    },

    async createPaymentCheckout(req: PaymentCheckoutRequest) {
      const id = newId('cs');
      await insertTestSession(db, {
        id,
        userId: req.userId,
        // Stripe makes a guest customer for a one-off payment; so does the test mode.
        customerId: newId('cus'),
        mode: 'payment',
        registrationId: Number(req.metadata.registrationId),
        amount: req.amountSek,
      });
      return { id, url: `${publicUrl}/test-checkout/${id}` };
    },

    findSession: (id: string) => findTestSession(db, id),
  };
}

/** Payments: refunds and the payment behind a subscription. */
function testPayments({ db }: TestMode) {
  return {
    async refundPayment(paymentIntentId: string, amountSek: number, idempotencyKey: string) {
      const paid = await findPaidTestPayment(db, paymentIntentId);
      if (!paid) throw new ProviderError(`test payment ${paymentIntentId} not found`);
      // The test mode keeps no refund objects (no table of its own): it checks the amount against the
      // payment's total; what is left to refund is the caller's ledger (registration_refunds).
      if (!Number.isInteger(amountSek) || amountSek <= 0 || amountSek > (paid.amount ?? 0)) {
        throw new ProviderError(`test refund of ${amountSek} kr exceeds payment ${paymentIntentId}`);
      }
      return { id: refundIdFor(idempotencyKey), status: 'succeeded' };
    },

    async latestSubscriptionPayment(subscriptionId: string) {
      const paid = await findPaidSessionOfSubscription(db, subscriptionId);
      const sub = await findTestSubscription(db, subscriptionId);
      if (!paid?.paymentIntentId || !sub) return null;
      return {
        paymentIntentId: paid.paymentIntentId,
        amountSek: paid.amount ?? PRO_PRICE_SEK,
        paidAt: sub.createdAt,
      };
    },
  };
}

/** Subscriptions: read, cancel at the period's end, end now (each change sends Stripe's event). */
function testSubscriptionsOf({ db, send }: TestMode) {
  return {
    retrieveSubscription: async (id: string) => {
      const row = await findTestSubscription(db, id);
      return row ? toSubscription(row) : null;
    },

    async setCancelAtPeriodEnd(id: string, cancel: boolean) {
      const row = await setTestCancelAtPeriodEnd(db, id, cancel);
      if (!row) throw new ProviderError(`test subscription ${id} is not live`);
      await send({
        id: newId('evt'),
        type: 'customer.subscription.updated',
        subscriptionId: id,
        customerId: row.customerId,
      });
      return toSubscription(row);
    },

    async cancelNow(id: string) {
      const row = await cancelTestSubscription(db, id);
      if (!row) return;
      await send({
        id: newId('evt'),
        type: 'customer.subscription.deleted',
        subscriptionId: id,
        customerId: row.customerId,
      });
    },
  };
}

/** The test page's 'Betala' for a Pro session: the subscription starts, then Stripe's three events. */
async function payProSession({ db, send }: TestMode, session: SessionRow, userId: string): Promise<void> {
  const now = new Date();
  const subscriptionId = newId('sub');
  const completed = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const claimed = await claimTestSession(tx, session.id, {
      status: 'complete',
      paymentStatus: 'paid',
      subscriptionId,
      paymentIntentId: newId('pi'),
    });
    if (!claimed) return false;
    await insertTestSubscription(tx, {
      id: subscriptionId,
      userId,
      customerId: session.customerId,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: addMonth(now),
    });
    return true;
  });
  if (!completed) return;
  const customerId = session.customerId;
  const paid = toSession({ ...session, status: 'complete', paymentStatus: 'paid', subscriptionId });
  await send({ id: newId('evt'), type: 'checkout.session.completed', session: paid });
  await send({ id: newId('evt'), type: 'customer.subscription.created', subscriptionId, customerId });
  await send({ id: newId('evt'), type: 'invoice.paid', subscriptionId, customerId });
}

/** The test page's 'Betala' (see TestModeProvider.pay). */
async function payTestSession(
  mode: TestMode,
  sessionId: string,
  userId: string,
  cardNumber: string,
  returnTo?: string,
): Promise<PayResult> {
  const { db, publicUrl, send } = mode;
  const session = await findTestSession(db, sessionId);
  if (!session) throw new NotFoundError(msg.sessionNotFound);
  if (session.userId !== userId) throw new ForbiddenError(msg.sessionNotYours);
  const isPayment = session.mode === 'payment';
  if (isPayment && session.eventId == null) throw new NotFoundError(msg.sessionNotFound);
  const redirectUrl = isPayment
    ? eventCheckoutReturnUrls(publicUrl, session.eventId!, sessionId).successUrl
    : checkoutReturnUrls(publicUrl, userId, sessionId, returnTo).successUrl;
  if (session.status === 'complete') return { ok: true, redirectUrl };
  if (session.status !== 'open') throw new NotFoundError(msg.sessionNotFound);
  const invalidCard = cardNumberError(cardNumber);
  if (invalidCard) return { ok: false, message: invalidCard };
  if (cardNumber.replace(/\D/g, '') === DECLINED_TEST_CARD) return { ok: false, message: msg.cardDeclined };
  if (!isPayment) {
    await payProSession(mode, session, userId);
    return { ok: true, redirectUrl };
  }
  const claimed = await claimTestSession(db, sessionId, {
    status: 'complete',
    paymentStatus: 'paid',
    paymentIntentId: newId('pi'),
  });
  if (claimed) {
    const paid = toSession({ ...claimed, eventId: session.eventId, eventTitle: session.eventTitle });
    await send({ id: newId('evt'), type: 'checkout.session.completed', session: paid });
  }
  return { ok: true, redirectUrl };
}

type Period = Pick<SubRow, 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'canceledAt'>;

/**
 * One subscription with its period shifted `shift` ms earlier: renewed, failed or ended for every period
 * that has fallen due by `now`; answers its new period, what happened and the events Stripe would send.
 */
function advanceSubscription(
  row: SubRow,
  shift: number,
  now: number,
  failRenewal: boolean,
): { period: Period; result: AdvanceResult['result']; events: BillingEvent['type'][] } {
  let { status } = row;
  let start = new Date(row.currentPeriodStart.getTime() - shift);
  let end = new Date(row.currentPeriodEnd.getTime() - shift);
  let canceledAt: Date | null = null;
  let result: AdvanceResult['result'] = 'unchanged';
  const events: BillingEvent['type'][] = [];
  while (status !== 'canceled' && end.getTime() <= now) {
    if (row.cancelAtPeriodEnd) {
      status = 'canceled';
      canceledAt = end;
      result = 'ended';
      events.push('customer.subscription.deleted');
    } else if (failRenewal) {
      // First failure: past due (Stripe retries); a second one ends the subscription.
      status = status === 'past_due' ? 'canceled' : 'past_due';
      canceledAt = status === 'canceled' ? new Date(now) : null;
      result = status === 'canceled' ? 'ended' : 'payment_failed';
      events.push(
        'invoice.payment_failed',
        status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
      );
      break;
    } else {
      status = 'active';
      start = end;
      end = addMonth(end);
      result = 'renewed';
      events.push('invoice.paid', 'customer.subscription.updated');
    }
  }
  return { period: { status, currentPeriodStart: start, currentPeriodEnd: end, canceledAt }, result, events };
}

/** Moves the billing clock forward (see TestModeProvider.advance). */
async function advanceTestClock(
  { db, send }: TestMode,
  days: number,
  opts: { failRenewal?: boolean } = {},
): Promise<AdvanceResult[]> {
  const shift = days * DAY_MS;
  const live = await listLiveTestSubscriptions(db);
  const now = Date.now();
  const results: AdvanceResult[] = [];
  for (const row of live) {
    const { period, result, events } = advanceSubscription(row, shift, now, opts.failRenewal ?? false);
    await setTestSubscriptionPeriod(db, row.id, period);
    // The shifted dates reach the member's row too.
    if (events.length === 0) events.push('customer.subscription.updated');
    for (const type of events) {
      const base = { id: newId('evt'), subscriptionId: row.id, customerId: row.customerId };
      await send(
        type === 'invoice.paid' || type === 'invoice.payment_failed'
          ? { ...base, type }
          : { ...base, type: type as 'customer.subscription.updated' },
      );
    }
    results.push({ subscriptionId: row.id, userId: row.userId, result });
  }
  return results;
}

/**
 * The built-in test payment mode: Stripe's objects kept in our own tables, events delivered in process
 * (to the same handler as Stripe's webhook; `log` gets what that handler reports).
 */
export function createTestModeProvider(db: Db, publicUrl: string, log?: BillingLog): TestModeProvider {
  const mode: TestMode = {
    db,
    publicUrl,
    send: (event) => handleBillingEvent(db, provider, event, log),
  };
  const provider: TestModeProvider = {
    mode: 'test',
    publishableKey: null,
    ...testCheckouts(mode),
    ...testPayments(mode),
    ...testSubscriptionsOf(mode),
    parseWebhook() {
      throw new WebhookSignatureError('the test payment mode delivers its events in process');
    },
    pay: (sessionId, userId, cardNumber, returnTo) =>
      payTestSession(mode, sessionId, userId, cardNumber, returnTo),
    advance: (days, opts) => advanceTestClock(mode, days, opts),
  };
  return provider;
}
