import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { processedWebhookEvents, users } from '../db/schema';
import type { TestContext } from '../test/test-app';
import { useStripeContext, WEBHOOK_SECRET } from './test/stripe-context';
import type { StripeStandIn } from './test/stripe-stand-in';

describe('Stripe webhook (signed by the SDK, against a local stand-in)', () => {
  const { ctx, reload, webhook, checkedOut } = useStripeContext();
  let t: TestContext;
  let stripe: StripeStandIn;
  beforeAll(() => {
    ({ t, stripe } = ctx);
  });

  describe('POST /api/stripe/webhook', () => {
    it('applies checkout.session.completed (happy path) and records the event', async () => {
      const { user, session } = await checkedOut();
      const e = stripe.signedEvent(
        'checkout.session.completed',
        stripe.sessions.get(session.id),
        WEBHOOK_SECRET,
      );
      const res = await webhook(e);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, result: 'processed' });
      expect(await reload(user.id)).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'active' });
      const stored = await t.db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.id, e.id));
      expect(stored).toHaveLength(1);
    });

    it('handles a duplicated event once', async () => {
      const { user, sub } = await checkedOut();
      const e = stripe.signedEvent('customer.subscription.updated', sub, WEBHOOK_SECRET);
      expect((await webhook(e)).json().result).toBe('processed');
      expect((await reload(user.id)).membershipType).toBe('pro');
      // Meanwhile the member is made free by hand; the same event again must not apply anything.
      await t.db.update(users).set({ membershipType: 'free' }).where(eq(users.id, user.id));
      const again = await webhook(e);
      expect(again.statusCode).toBe(200);
      expect(again.json().result).toBe('duplicate');
      expect((await reload(user.id)).membershipType).toBe('free');
    });

    it('records a paid one-off checkout of a kind no one handles as ignored, once', async () => {
      const session = {
        id: 'cs_test_unknown_kind',
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 10000,
        metadata: { kind: 'gift_card' },
      };
      const e = stripe.signedEvent('checkout.session.completed', session, WEBHOOK_SECRET);
      expect((await webhook(e)).json()).toEqual({ received: true, result: 'ignored' });
      expect((await webhook(e)).json()).toEqual({ received: true, result: 'duplicate' });
      const stored = await t.db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.id, e.id));
      expect(stored).toHaveLength(1);
    });

    it('ends up right when events arrive out of order', async () => {
      const { user, session, sub } = await checkedOut();
      // The subscription was created, then ended at Stripe; the deletion arrives first.
      const created = stripe.signedEvent('customer.subscription.created', { ...sub }, WEBHOOK_SECRET);
      const completed = stripe.signedEvent(
        'checkout.session.completed',
        { ...stripe.sessions.get(session.id) },
        WEBHOOK_SECRET,
      );
      sub.status = 'canceled';
      sub.canceled_at = Math.floor(Date.now() / 1000);
      const deleted = stripe.signedEvent('customer.subscription.deleted', sub, WEBHOOK_SECRET);
      expect((await webhook(deleted)).statusCode).toBe(200);
      expect((await webhook(completed)).statusCode).toBe(200);
      expect((await webhook(created)).statusCode).toBe(200);
      // Never Pro: the subscription it would have granted had already ended.
      expect((await reload(user.id)).membershipType).toBe('free');
    });

    it('keeps the newest state when an older update arrives after the deletion', async () => {
      const { user, client, session, sub } = await checkedOut();
      await client.post('/api/verify-stripe-session', { sessionId: session.id });
      const olderUpdate = stripe.signedEvent('customer.subscription.updated', { ...sub }, WEBHOOK_SECRET);
      sub.status = 'canceled';
      await webhook(stripe.signedEvent('customer.subscription.deleted', sub, WEBHOOK_SECRET));
      expect(await reload(user.id)).toMatchObject({ membershipType: 'free', subscriptionStatus: 'canceled' });
      expect((await webhook(olderUpdate)).json().result).toBe('processed');
      expect(await reload(user.id)).toMatchObject({ membershipType: 'free', subscriptionStatus: 'canceled' });
    });

    it('activates from a subscription event that comes before the checkout event', async () => {
      const { user, session, sub } = await checkedOut();
      await webhook(stripe.signedEvent('customer.subscription.created', sub, WEBHOOK_SECRET));
      expect(await reload(user.id)).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'active' });
      await webhook(
        stripe.signedEvent('checkout.session.completed', stripe.sessions.get(session.id), WEBHOOK_SECRET),
      );
      expect(await reload(user.id)).toMatchObject({ membershipType: 'pro', stripeSubscriptionId: sub.id });
    });

    it('refuses a wrong signature with 400 and changes nothing', async () => {
      const { user, session } = await checkedOut();
      const e = stripe.signedEvent(
        'checkout.session.completed',
        stripe.sessions.get(session.id),
        'whsec_wrong',
      );
      const res = await webhook(e);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Ogiltig signatur' });
      expect((await reload(user.id)).membershipType).toBe('free');
      const stored = await t.db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.id, e.id));
      expect(stored).toHaveLength(0);
      const unsigned = await webhook(e, '');
      expect(unsigned.statusCode).toBe(400);
    });

    it('marks a failed payment as past due (Pro kept while Stripe retries)', async () => {
      const { user, sub } = await checkedOut();
      await webhook(
        stripe.signedEvent(
          'invoice.paid',
          {
            object: 'invoice',
            customer: sub.customer,
            parent: { subscription_details: { subscription: sub.id } },
          },
          WEBHOOK_SECRET,
        ),
      );
      expect((await reload(user.id)).subscriptionStatus).toBe('active');
      sub.status = 'past_due';
      const failed = {
        object: 'invoice',
        customer: sub.customer,
        parent: { subscription_details: { subscription: sub.id } },
      };
      expect(
        (await webhook(stripe.signedEvent('invoice.payment_failed', failed, WEBHOOK_SECRET))).statusCode,
      ).toBe(200);
      expect(await reload(user.id)).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'past_due' });
      sub.status = 'unpaid';
      await webhook(stripe.signedEvent('customer.subscription.updated', sub, WEBHOOK_SECRET));
      expect(await reload(user.id)).toMatchObject({ membershipType: 'free', subscriptionStatus: 'unpaid' });
    });

    it('makes the member free when the period ends after a cancellation', async () => {
      const { user, client, session, sub } = await checkedOut();
      await client.post('/api/verify-stripe-session', { sessionId: session.id });
      expect((await client.post('/api/cancel-subscription')).statusCode).toBe(200);
      expect((await reload(user.id)).subscriptionStatus).toBe('cancel_at_period_end');
      sub.status = 'canceled';
      const res = await webhook(stripe.signedEvent('customer.subscription.deleted', sub, WEBHOOK_SECRET));
      expect(res.json().result).toBe('processed');
      expect(await reload(user.id)).toMatchObject({ membershipType: 'free', subscriptionStatus: 'canceled' });
      const details = (await client.get('/api/subscription-details')).json();
      expect(details).toMatchObject({ hasSubscription: false, isPro: false, subscriptionStatus: null });
    });
  });
});
