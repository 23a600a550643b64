import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../test/factories';
import type { TestContext } from '../test/test-app';
import { useStripeContext } from './test/stripe-context';
import type { StripeStandIn } from './test/stripe-stand-in';

describe('billing with Stripe (SDK against a local stand-in)', () => {
  const { ctx, reload, checkedOut } = useStripeContext();
  let t: TestContext;
  let stripe: StripeStandIn;
  beforeAll(() => {
    ({ t, stripe } = ctx);
  });
  describe('POST /api/create-pro-subscription', () => {
    it('answers 401 to a visitor', async () => {
      const res = await t.anon.post('/api/create-pro-subscription');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Du måste vara inloggad' });
    });

    it('creates a subscription-mode checkout in SEK with one customer per member, reused', async () => {
      const user = await buildUser(t.db);
      const client = await t.as(user);
      const first = await client.post('/api/create-pro-subscription');
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body).toMatchObject({ success: true, mode: 'stripe' });
      expect(body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      expect(body.clientSecret).toBeUndefined();
      expect(body.publishableKey).toBeUndefined();
      expect(stripe.sessionRequests.at(-1)!.get('ui_mode')).toBeNull();
      const form = stripe.sessionRequests.at(-1)!;
      expect(form.get('mode')).toBe('subscription');
      expect(form.get('currency')).toBe('sek');
      expect(form.get('client_reference_id')).toBe(user.id);
      expect(form.get('line_items[0][price_data][unit_amount]')).toBe('9900');
      expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
      expect(form.get('success_url')).toBe(
        `http://localhost:5000/payment-success?session_id={CHECKOUT_SESSION_ID}&userId=${user.id}`,
      );
      const customerId = (await reload(user.id)).stripeCustomerId;
      expect(customerId).toMatch(/^cus_/);
      expect(form.get('customer')).toBe(customerId);

      const second = await client.post('/api/create-pro-subscription');
      expect(second.statusCode).toBe(200);
      expect(stripe.sessionRequests.at(-1)!.get('customer')).toBe(customerId);
      expect([...stripe.customers.values()].filter((c) => c.metadata.userId === user.id)).toHaveLength(1);
    });

    it('answers the client secret and publishable key for the Payment Element with ?ui=embedded', async () => {
      const user = await buildUser(t.db);
      const res = await (await t.as(user)).post('/api/create-pro-subscription?ui=embedded');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        mode: 'stripe',
        sessionId: expect.stringMatching(/^cs_test_/),
        clientSecret: expect.stringMatching(/_secret_/),
        publishableKey: 'pk_test_standin',
      });
      expect(body.clientSecret).toBe(stripe.sessions.get(body.sessionId)!.client_secret);
      const form = stripe.sessionRequests.at(-1)!;
      expect(form.get('ui_mode')).toBe('elements');
      expect(form.get('mode')).toBe('subscription');
      expect(form.get('currency')).toBe('sek');
      expect(form.get('client_reference_id')).toBe(user.id);
      expect(form.get('customer')).toBe((await reload(user.id)).stripeCustomerId);
      expect(form.get('subscription_data[metadata][userId]')).toBe(user.id);
      expect(form.get('return_url')).toBe(
        `http://localhost:5000/payment-success?session_id={CHECKOUT_SESSION_ID}&userId=${user.id}`,
      );
      expect(form.get('success_url')).toBeNull();
      expect(form.get('cancel_url')).toBeNull();
    });

    it('answers 400 to an unknown ui', async () => {
      const client = await t.as(await buildUser(t.db));
      const before = stripe.sessionRequests.length;
      const res = await client.post('/api/create-pro-subscription?ui=popup');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^ui: Ogiltigt val/);
      expect(stripe.sessionRequests).toHaveLength(before);
    });

    it('verifies the return from a session paid in the Payment Element like a hosted one', async () => {
      const user = await buildUser(t.db);
      const client = await t.as(user);
      const { sessionId } = (await client.post('/api/create-pro-subscription?ui=embedded')).json();
      const unpaid = await client.post('/api/verify-stripe-session', { sessionId });
      expect(unpaid.json()).toMatchObject({ success: false, membershipUpdated: false });
      const sub = stripe.completeSession(sessionId);
      const res = await client.post('/api/verify-stripe-session', { sessionId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, membershipUpdated: true, paymentId: sub.id });
      expect(await reload(user.id)).toMatchObject({ membershipType: 'pro', stripeSubscriptionId: sub.id });
    });

    it('refuses a member who is already Pro', async () => {
      const admin = await buildAdmin(t.db);
      const res = await (await t.as(admin)).post('/api/create-pro-subscription');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Du är redan Pro-medlem!' });
    });
  });

  describe('POST /api/verify-stripe-session', () => {
    it('answers 401 to a visitor and 400 without a session id', async () => {
      expect((await t.anon.post('/api/verify-stripe-session', { sessionId: 'cs_x' })).statusCode).toBe(401);
      const client = await t.as(await buildUser(t.db));
      const res = await client.post('/api/verify-stripe-session', { sessionId: ' ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Betalningssessionen saknas');
    });

    it("refuses another member's session and changes nothing", async () => {
      const { user, session } = await checkedOut();
      const other = await buildUser(t.db);
      const res = await (await t.as(other)).post('/api/verify-stripe-session', { sessionId: session.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Betalningssessionen tillhör en annan medlem' });
      expect((await reload(other.id)).membershipType).toBe('free');
      expect((await reload(user.id)).membershipType).toBe('free');
    });

    it('answers 404 for an unknown session', async () => {
      const client = await t.as(await buildUser(t.db));
      const res = await client.post('/api/verify-stripe-session', { sessionId: 'cs_test_unknown' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Betalningssessionen hittades inte' });
    });

    it('does not activate an unpaid session', async () => {
      const user = await buildUser(t.db);
      const client = await t.as(user);
      const { sessionId } = (await client.post('/api/create-pro-subscription')).json();
      const res = await client.post('/api/verify-stripe-session', { sessionId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, membershipUpdated: false });
      expect((await reload(user.id)).membershipType).toBe('free');
    });

    it('makes the payer Pro, and a second call changes nothing more', async () => {
      const { user, client, session, sub } = await checkedOut();
      const res = await client.post('/api/verify-stripe-session', { sessionId: session.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, membershipUpdated: true, paymentId: sub.id });
      const row = await reload(user.id);
      expect(row).toMatchObject({
        membershipType: 'pro',
        subscriptionStatus: 'active',
        stripeSubscriptionId: sub.id,
      });
      expect(row.subscriptionPeriodEnd!.getTime()).toBe(sub.items.data[0].current_period_end * 1000);
      const again = await client.post('/api/verify-stripe-session', { sessionId: session.id });
      expect(again.json()).toEqual({ success: true, membershipUpdated: true, paymentId: sub.id });
      expect(await reload(user.id)).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'active' });
    });
  });

  describe('cancel and reactivate', () => {
    it('answers 401 to a visitor', async () => {
      expect((await t.anon.post('/api/cancel-subscription')).statusCode).toBe(401);
      expect((await t.anon.post('/api/reactivate-subscription')).statusCode).toBe(401);
      expect((await t.anon.get('/api/subscription-details')).statusCode).toBe(401);
    });

    it('refuses an admin with the admin message', async () => {
      const res = await (await t.as(await buildAdmin(t.db))).post('/api/cancel-subscription');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Som admin kan du inte säga upp ditt medlemskap' });
    });

    it("cancels only the caller's own subscription", async () => {
      const { user, client, session, sub } = await checkedOut();
      await client.post('/api/verify-stripe-session', { sessionId: session.id });
      const other = await t.as(await buildUser(t.db));
      const refused = await other.post('/api/cancel-subscription');
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Ingen aktiv prenumeration hittades att säga upp' });
      expect(sub.cancel_at_period_end).toBe(false);
      expect((await reload(user.id)).subscriptionStatus).toBe('active');
    });

    it('cancels at period end (still Pro) and reactivates', async () => {
      const { user, client, session, sub } = await checkedOut();
      await client.post('/api/verify-stripe-session', { sessionId: session.id });
      const periodEnd = new Date(sub.items.data[0].current_period_end * 1000).toISOString();
      const before = (await client.get('/api/subscription-details')).json();
      expect(before).toEqual({
        hasSubscription: true,
        subscriptionStatus: 'active',
        nextBillingDate: periodEnd,
        cancelAt: null,
        cancelAtPeriodEnd: false,
        membershipType: 'pro',
        isPro: true,
        isAdmin: false,
      });

      const cancelled = await client.post('/api/cancel-subscription');
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toEqual({
        success: true,
        subscriptionStatus: 'cancel_at_period_end',
        cancelAt: periodEnd,
        nextBillingDate: null,
      });
      expect(sub.cancel_at_period_end).toBe(true);
      expect((await client.get('/api/subscription-details')).json()).toMatchObject({
        cancelAtPeriodEnd: true,
        isPro: true,
      });
      const twice = await client.post('/api/cancel-subscription');
      expect(twice.statusCode).toBe(404);

      const reactivated = await client.post('/api/reactivate-subscription');
      expect(reactivated.statusCode).toBe(200);
      expect(reactivated.json()).toMatchObject({ subscriptionStatus: 'active', nextBillingDate: periodEnd });
      expect(sub.cancel_at_period_end).toBe(false);
      expect((await reload(user.id)).subscriptionStatus).toBe('active');
      const again = await client.post('/api/reactivate-subscription');
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Ingen uppsagd prenumeration hittades att återaktivera' });
    });
  });

  describe('withdrawal and account deletion end the Stripe subscription', () => {
    /** A member who paid through Stripe Checkout and came back (Pro, the purchase time recorded). */
    async function proBuyer() {
      const bought = await checkedOut();
      const res = await bought.client.post('/api/verify-stripe-session', { sessionId: bought.session.id });
      expect(res.json()).toMatchObject({ membershipUpdated: true });
      return bought;
    }

    it("refunds the first invoice's payment in full and cancels the subscription at once", async () => {
      const { user, client, sub } = await proBuyer();
      const invoice = stripe.invoices.get(sub.latest_invoice!)!;
      const paymentIntent = invoice.payments.data[0].payment.payment_intent;
      const status = (await client.get('/api/billing/withdrawal')).json();
      expect(status).toMatchObject({ eligible: true, amountPaid: 99, refundAmount: 99 });

      const res = await client.post('/api/billing/withdrawal', { confirm: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().refundAmount).toBe(99);
      const refund = stripe.refundRequests.at(-1)!;
      expect(refund.form.get('payment_intent')).toBe(paymentIntent);
      expect(refund.form.get('amount')).toBe('9900');
      expect(refund.idempotencyKey).toMatch(new RegExp(`^withdrawal-${user.id}-`));
      expect(stripe.paymentIntents.get(paymentIntent)!.refunded).toBe(9900);
      expect(stripe.subscriptions.get(sub.id)!.status).toBe('canceled');
      expect(await reload(user.id)).toMatchObject({ membershipType: 'free', subscriptionStatus: 'canceled' });
      expect((await client.post('/api/billing/withdrawal', { confirm: true })).statusCode).toBe(409);
    });

    it('keeps a share for the days used when the member asked Pro to start at once', async () => {
      const bought = await checkedOut();
      // Asked on /subscribe after the checkout was made, before paying.
      expect(
        (await bought.client.put('/api/billing/start-immediately', { startImmediately: true })).statusCode,
      ).toBe(200);
      await bought.client.post('/api/verify-stripe-session', { sessionId: bought.session.id });
      const status = (await bought.client.get('/api/billing/withdrawal')).json();
      expect(status.refundAmount).toBeGreaterThan(90);
      expect(status.refundAmount).toBeLessThan(99);
      await bought.client.post('/api/billing/withdrawal', { confirm: true });
      expect(stripe.refundRequests.at(-1)!.form.get('amount')).toBe(String(status.refundAmount * 100));
    });

    it('deleting the account cancels the subscription at Stripe, so no further payment is taken', async () => {
      const { user, client, sub } = await proBuyer();
      const res = await client.deleteWith('/api/me', { confirm: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ deleted: true, endedPro: true });
      expect(stripe.subscriptions.get(sub.id)!.status).toBe('canceled');
      expect((await reload(user.id)).deletedAt).not.toBeNull();
    });
  });
});
