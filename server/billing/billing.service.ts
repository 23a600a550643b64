import { msg } from '@common/messages';
import { isPro } from '@common/rules/pro';
import type {
  CreateSubscriptionResponse,
  SubscriptionChangeResponse,
  SubscriptionDetails,
  VerifySessionResponse,
} from '@common/schemas/billing';
import type { UserRow } from '../auth/users.presenter';
import { findUserById } from '../auth/users.queries';
import type { Db } from '../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { requirePayments } from './billing.disabled';
import {
  canCancelSubscription,
  hasCancellableSubscription,
  hasReactivatableSubscription,
} from './billing.policy';
import { type BillingProvider, checkoutReturnUrls } from './billing.provider';
import { setCustomerIdOnce, setProStartedImmediately } from './billing.queries';
import { syncSubscription } from './billing.sync';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The provider's customer for a member: created once, then reused. */
async function customerFor(db: Db, provider: BillingProvider, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const created = await provider.createCustomer(user);
  return (await setCustomerIdOnce(db, user.id, created)) ?? created;
}

/**
 * Starts a Pro checkout (subscription mode, 99 SEK a month) for the caller: a hosted page, or with
 * `embedded` (Stripe) a session for the Payment Element on /subscribe.
 */
export async function createProSubscription(
  db: Db,
  provider: BillingProvider,
  publicUrl: string,
  user: UserRow,
  embedded = false,
  returnTo?: string,
): Promise<CreateSubscriptionResponse> {
  requirePayments(provider);
  if (isPro(user)) throw new ConflictError(msg.alreadyPro);
  // A new checkout is a new purchase: Pro starting at once must be asked for again (/subscribe's checkbox).
  await setProStartedImmediately(db, user.id, false);
  const customerId = await customerFor(db, provider, user);
  const session = await provider.createCheckoutSession({
    userId: user.id,
    email: user.email,
    customerId,
    // Stripe fills in {CHECKOUT_SESSION_ID}; the test mode does the same.
    ...checkoutReturnUrls(publicUrl, user.id, undefined, returnTo),
    embedded,
  });
  // The Payment Element needs both the session's client secret and the account's publishable key.
  const embeddedForm =
    session.clientSecret && provider.publishableKey
      ? { clientSecret: session.clientSecret, publishableKey: provider.publishableKey }
      : {};
  return {
    success: true,
    ...(session.url ? { checkoutUrl: session.url } : {}),
    ...embeddedForm,
    sessionId: session.id,
    mode: provider.mode,
  };
}

/**
 * Confirms the return from checkout: the session must be the caller's and paid. Runs the same
 * code as the webhook, so calling it twice (or after the webhook) changes nothing more.
 */
export async function verifyCheckoutSession(
  db: Db,
  provider: BillingProvider,
  user: UserRow,
  sessionId: string,
): Promise<VerifySessionResponse> {
  requirePayments(provider);
  const session = await provider.retrieveCheckoutSession(sessionId);
  if (!session) throw new NotFoundError(msg.sessionNotFound);
  if (session.userId !== user.id) throw new ForbiddenError(msg.sessionNotYours);
  const paid = session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';
  if (session.status !== 'complete' || !paid || !session.subscriptionId) {
    return { success: false, membershipUpdated: false, paymentId: null, message: msg.paymentNotCompleted };
  }
  const updated = (await syncSubscription(db, provider, session.subscriptionId, user.id)) ?? user;
  return { success: true, membershipUpdated: isPro(updated), paymentId: session.subscriptionId };
}

/** The caller's subscription as the spec's 'Subscription details'. */
export function subscriptionDetails(user: UserRow, now = new Date()): SubscriptionDetails {
  const status = user.subscriptionStatus;
  const live = Boolean(user.stripeSubscriptionId) && hasLiveStatus(user, now);
  const cancelling = live && status === 'cancel_at_period_end';
  return {
    hasSubscription: live,
    subscriptionStatus: live ? status : null,
    nextBillingDate: live && !cancelling ? iso(user.subscriptionPeriodEnd) : null,
    cancelAt: cancelling ? iso(user.subscriptionPeriodEnd) : null,
    cancelAtPeriodEnd: cancelling,
    membershipType: user.membershipType,
    isPro: isPro(user, now),
    isAdmin: user.role === 'admin',
  };
}

function hasLiveStatus(user: UserRow, now: Date): boolean {
  if (user.membershipType !== 'pro') return false;
  if (user.subscriptionStatus === 'active' || user.subscriptionStatus === 'past_due') return true;
  return (
    user.subscriptionStatus === 'cancel_at_period_end' &&
    (user.subscriptionPeriodEnd?.getTime() ?? 0) > now.getTime()
  );
}

const changeResponse = (user: UserRow): SubscriptionChangeResponse => {
  const d = subscriptionDetails(user);
  return {
    success: true,
    subscriptionStatus: d.subscriptionStatus,
    cancelAt: d.cancelAt,
    nextBillingDate: d.nextBillingDate,
  };
};

/** Cancels the caller's own subscription at the end of the paid period (Pro kept until then). */
export async function cancelSubscription(
  db: Db,
  provider: BillingProvider,
  user: UserRow,
): Promise<SubscriptionChangeResponse> {
  if (!canCancelSubscription(user)) throw new ForbiddenError(msg.adminCannotCancel);
  if (!hasCancellableSubscription(user)) throw new NotFoundError(msg.noActiveSubscription);
  const sub = await provider.setCancelAtPeriodEnd(user.stripeSubscriptionId!, true);
  const updated =
    (await syncSubscription(db, provider, sub.id, user.id)) ?? (await findUserById(db, user.id))!;
  return changeResponse(updated);
}

/** Takes back the caller's cancellation before the period ends. */
export async function reactivateSubscription(
  db: Db,
  provider: BillingProvider,
  user: UserRow,
): Promise<SubscriptionChangeResponse> {
  if (!hasReactivatableSubscription(user)) throw new NotFoundError(msg.noCancelledSubscription);
  const sub = await provider.setCancelAtPeriodEnd(user.stripeSubscriptionId!, false);
  const updated =
    (await syncSubscription(db, provider, sub.id, user.id)) ?? (await findUserById(db, user.id))!;
  return changeResponse(updated);
}
