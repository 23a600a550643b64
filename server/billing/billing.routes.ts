import {
  createSubscriptionQuerySchema,
  createSubscriptionResponseSchema,
  subscriptionChangeResponseSchema,
  subscriptionDetailsSchema,
  verifySessionInputSchema,
  verifySessionResponseSchema,
} from '@common/schemas/billing';
import { errorSchema } from '@common/schemas/errors';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/current-user';
import type { Db } from '../db/client';
import { createDisabledProvider, paymentsDisabled } from './billing.disabled';
import type { BillingProvider } from './billing.provider';
import {
  cancelSubscription,
  createProSubscription,
  reactivateSubscription,
  subscriptionDetails,
  verifyCheckoutSession,
} from './billing.service';
import { createStripeProvider } from './billing.stripe';
import { createTestModeProvider, type TestModeProvider } from './billing.test-mode';
import { billingClockRoutes } from './billing-clock.routes';
import { testCheckoutRoutes } from './test-checkout.routes';
import { webhookRoutes } from './webhook.routes';
import { withdrawalRoutes } from './withdrawal.routes';

/**
 * Stripe when a secret key is configured; else the built-in test payment mode outside production, or in
 * production with PAYMENTS_TEST_MODE=true; else none (payments fail closed: 503).
 */
export function createBillingProvider(app: FastifyInstance): BillingProvider {
  switch (app.config.payments) {
    case 'stripe':
      return createStripeProvider(app.config);
    case 'test':
    case 'test-warn':
      return createTestModeProvider(app.db, app.config.publicUrl, app.log);
    case 'off':
      return createDisabledProvider();
  }
}

const providers = new WeakMap<Db, BillingProvider>();

/** The app's one provider (Pro billing and event fees share it), made on first use. */
export function billingProviderFor(app: FastifyInstance): BillingProvider {
  let provider = providers.get(app.db);
  if (!provider) {
    provider = createBillingProvider(app);
    providers.set(app.db, provider);
  }
  return provider;
}

/** Logs which payment mode runs; a loud warning when anyone can pay with the test card in production. */
function logPaymentMode(app: FastifyInstance, provider: BillingProvider) {
  if (provider.mode === 'test' && app.config.payments === 'test-warn') {
    app.log.warn(
      'PAYMENTS_TEST_MODE=true with NODE_ENV=production and no STRIPE_SECRET_KEY: the built-in test payment mode runs, and anyone can get Pro or pay event fees with the test card 4242 4242 4242 4242. Set the Stripe keys (or unset PAYMENTS_TEST_MODE) for a real site.',
    );
  } else if (provider.mode === 'test') {
    app.log.info('billing: no STRIPE_SECRET_KEY, built-in test payment mode');
  } else if (provider.mode === 'off') {
    app.log.info('billing: payments are not enabled (no STRIPE_SECRET_KEY; PAYMENTS_TEST_MODE is not true)');
  }
}

/** Buying Pro: start the checkout, and confirm the paid session on the return from it. */
function proCheckoutRoutes(app: FastifyInstance, provider: BillingProvider) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.post(
    '/api/create-pro-subscription',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Starts a Pro checkout (subscription, 99 SEK a month): the hosted checkout URL, or with ?ui=embedded a client secret for the Payment Element',
        querystring: createSubscriptionQuerySchema,
        response: {
          200: createSubscriptionResponseSchema,
          401: errorSchema,
          409: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) =>
      createProSubscription(
        db,
        provider,
        app.config.publicUrl,
        await requireUser(request),
        request.query.ui === 'embedded',
        request.query.returnTo,
      ),
  );

  r.post(
    '/api/verify-stripe-session',
    {
      schema: {
        tags: ['billing'],
        summary: "Confirms the caller's paid checkout session and makes them Pro (safe to repeat)",
        body: verifySessionInputSchema,
        response: {
          200: verifySessionResponseSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) =>
      verifyCheckoutSession(db, provider, await requireUser(request), request.body.sessionId),
  );
}

/** The caller's subscription: its details, cancelling it at the period's end and taking that back. */
function subscriptionRoutes(app: FastifyInstance, provider: BillingProvider) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.get(
    '/api/subscription-details',
    {
      schema: {
        tags: ['billing'],
        summary: "The caller's subscription: status, next billing date, cancellation date",
        response: { 200: subscriptionDetailsSchema, 401: errorSchema },
      },
    },
    async (request) => subscriptionDetails(await requireUser(request)),
  );

  r.post(
    '/api/cancel-subscription',
    {
      schema: {
        tags: ['billing'],
        summary: "Cancels the caller's subscription at the end of the paid period (admins cannot)",
        response: {
          200: subscriptionChangeResponseSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => cancelSubscription(db, provider, await requireUser(request)),
  );

  r.post(
    '/api/reactivate-subscription',
    {
      schema: {
        tags: ['billing'],
        summary: "Takes back the caller's cancellation before the period ends",
        response: { 200: subscriptionChangeResponseSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => reactivateSubscription(db, provider, await requireUser(request)),
  );
}

/** Subscription, payment and webhook routes, the test checkout page (test mode) and admin membership routes. */
export async function billingRoutes(app: FastifyInstance, opts: { provider?: BillingProvider } = {}) {
  const provider = opts.provider ?? billingProviderFor(app);
  logPaymentMode(app, provider);
  proCheckoutRoutes(app, provider);
  subscriptionRoutes(app, provider);

  await app.register(webhookRoutes, { provider });
  await app.register(withdrawalRoutes, { provider });
  if (provider.mode === 'test') {
    await app.register(testCheckoutRoutes, { provider: provider as TestModeProvider });
    await app.register(billingClockRoutes, { provider: provider as TestModeProvider });
  } else if (provider.mode === 'off') {
    // The test checkout's addresses (a page or a form someone kept) say that payments are off.
    await app.register(async (scope) => {
      await scope.register(formbody, { bodyLimit: 4 * 1024 });
      const refuse = async () => {
        throw paymentsDisabled();
      };
      scope.get('/test-checkout/:sessionId', { schema: { hide: true } }, refuse);
      scope.post('/test-checkout/:sessionId/pay', { schema: { hide: true } }, refuse);
    });
  }
}
