import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { membershipFacts } from './billing.events';
import type {
  BillingEvent,
  BillingLog,
  BillingProvider,
  HandleResult,
  ProviderCheckoutSession,
  ProviderSubscription,
} from './billing.provider';
import {
  findUserByCustomerId,
  isEventProcessed,
  lockUser,
  markEventProcessed,
  type SubscriptionFields,
  updateSubscriptionFields,
} from './billing.queries';

const LIVE = new Set(['active', 'trialing', 'past_due']);

/** True while a provider subscription keeps its member Pro (paid up, or being retried). */
export const isLive = (sub: ProviderSubscription) => LIVE.has(sub.status);

/**
 * What a subscription as the provider sees it means for the member's row. The provider's current
 * state is the truth, so applying it is the same whichever event (or how many, in whatever order)
 * led here.
 */
export function fieldsFor(user: UserRow, sub: ProviderSubscription): SubscriptionFields | null {
  // An old subscription ending must not touch a member who has since moved on (a newer one, or admin-set Pro).
  if (user.stripeSubscriptionId !== sub.id && !isLive(sub)) return null;
  const base = { stripeSubscriptionId: sub.id, subscriptionPeriodEnd: sub.currentPeriodEnd };
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return {
        ...base,
        membershipType: 'pro',
        subscriptionStatus: sub.cancelAtPeriodEnd ? 'cancel_at_period_end' : 'active',
      };
    case 'past_due':
      return { ...base, membershipType: 'pro', subscriptionStatus: 'past_due' };
    case 'incomplete':
      // Not paid yet: nothing granted.
      return { ...base, subscriptionStatus: 'incomplete' };
    case 'unpaid':
    case 'paused':
      return { ...base, membershipType: 'free', subscriptionStatus: 'unpaid' };
    default:
      // canceled, incomplete_expired: the period is over.
      return { ...base, membershipType: 'free', subscriptionStatus: 'canceled' };
  }
}

/** Applies a subscription to its member (found by id hint, metadata or customer id) inside tx. */
async function applyInTx(tx: Db, sub: ProviderSubscription, userIdHint: string | null) {
  const userId = userIdHint ?? sub.userId ?? (await findUserByCustomerId(tx, sub.customerId))?.id;
  if (!userId) return null;
  const user = await lockUser(tx, userId);
  if (!user) return null;
  if (user.stripeCustomerId && sub.customerId && user.stripeCustomerId !== sub.customerId) return null;
  const fields = fieldsFor(user, sub);
  if (!fields) return user;
  if (!user.stripeCustomerId && sub.customerId) fields.stripeCustomerId = sub.customerId;
  // A new subscription that grants Pro is a purchase: the 14-day withdrawal period runs from now.
  if (fields.membershipType === 'pro' && (user.stripeSubscriptionId !== sub.id || !user.proPurchasedAt)) {
    fields.proPurchasedAt = new Date();
  }
  const updated = await updateSubscriptionFields(tx, user.id, fields);
  // Told with the change (the member's notice is written in this transaction by its subscriber).
  if (updated) {
    await publish(tx, 'membership.changed', {
      before: membershipFacts(user),
      after: membershipFacts(updated),
    });
  }
  return updated;
}

/** Re-reads a subscription from the provider and applies it (no event bookkeeping). */
export async function syncSubscription(
  db: Db,
  provider: BillingProvider,
  subscriptionId: string,
  userIdHint: string | null = null,
): Promise<UserRow | null> {
  const sub = await provider.retrieveSubscription(subscriptionId);
  if (!sub) return null;
  return db.transaction((tx) => applyInTx(tx as unknown as Db, sub, userIdHint));
}

export type { BillingLog, HandleResult } from './billing.provider';

/** A webhook event about a checkout (Pro's subscription mode or a one-off payment). */
export type CheckoutEvent = Extract<BillingEvent, { session: ProviderCheckoutSession }>;

/**
 * Handles a one-off payment's checkout event of one kind (its metadata `kind`, e.g. 'event_fee'):
 * reads the session back from the provider, settles it, and marks the event processed once.
 */
export type PaymentCheckoutHandler = (
  db: Db,
  provider: BillingProvider,
  event: CheckoutEvent,
  log?: BillingLog,
) => Promise<HandleResult>;

/**
 * The handlers of one-off payments by kind. Billing sits below what it is paid for (event fees live in
 * server/event-payments/, a higher layer), so the higher layer hands its handler in at app start
 * (server/app.ts) instead of billing importing it.
 */
const paymentCheckoutHandlers = new Map<string, PaymentCheckoutHandler>();

/** Sends payment-mode checkouts of `kind` to `handler` (app start; again with the same kind replaces it). */
export function handlePaymentCheckouts(kind: string, handler: PaymentCheckoutHandler): void {
  paymentCheckoutHandlers.set(kind, handler);
}

/**
 * A payment-mode checkout goes to the handler of its kind. The kind in the event's body only routes it:
 * the handler reads the session back from the provider. One that no one takes is marked processed and
 * ignored, once.
 */
async function dispatchPaymentCheckout(
  db: Db,
  provider: BillingProvider,
  event: CheckoutEvent,
  log?: BillingLog,
): Promise<HandleResult> {
  const handler = paymentCheckoutHandlers.get(event.session.metadata.kind ?? '');
  if (handler) return handler(db, provider, event, log);
  return (await markEventProcessed(db, event.id, event.type)) ? 'ignored' : 'duplicate';
}

/**
 * Handles one webhook event exactly once. Each event only names a subscription; its current state
 * is read back from the provider, so events may arrive in any order or more than once. A checkout in
 * payment mode (an event fee) goes to the handler of its kind (`handlePaymentCheckouts`).
 */
export async function handleBillingEvent(
  db: Db,
  provider: BillingProvider,
  event: BillingEvent,
  log?: BillingLog,
): Promise<HandleResult> {
  if (await isEventProcessed(db, event.id)) return 'duplicate';

  let subscriptionId: string | null = null;
  let userIdHint: string | null = null;
  let customerId: string | null = null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      if (event.session.mode === 'payment') return dispatchPaymentCheckout(db, provider, event, log);
      subscriptionId = event.session.subscriptionId;
      userIdHint = event.session.userId;
      customerId = event.session.customerId;
      break;
    case 'ignored':
      break;
    default:
      subscriptionId = event.subscriptionId;
      customerId = event.customerId;
  }
  const sub = subscriptionId ? await provider.retrieveSubscription(subscriptionId) : null;

  const done = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    if (
      !(await markEventProcessed(tx, event.id, event.type === 'ignored' ? event.originalType : event.type))
    ) {
      return false;
    }
    if (sub) {
      const member = await applyInTx(tx, sub, userIdHint);
      // A receipt per paid invoice (the event is handled once, and the notice's key says so too).
      if (member && event.type === 'invoice.paid') {
        await publish(tx, 'subscription.paid', {
          member: membershipFacts(member),
          providerEventId: event.id,
        });
      }
    } else if ('session' in event && userIdHint && customerId) {
      // A completed checkout without a subscription yet still ties the customer to the member.
      const user = await lockUser(tx, userIdHint);
      if (user && !user.stripeCustomerId)
        await updateSubscriptionFields(tx, user.id, { stripeCustomerId: customerId });
    }
    return true;
  });
  if (!done) return 'duplicate';
  return event.type === 'ignored' || !sub ? 'ignored' : 'processed';
}
