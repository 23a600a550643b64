import {
  createSubscriptionQuerySchema,
  createSubscriptionResponseSchema,
  subscriptionChangeResponseSchema,
  subscriptionDetailsSchema,
  verifySessionInputSchema,
  verifySessionResponseSchema,
} from '@common/schemas/billing';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/current-user';
import type { Db } from '../db/client';
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

/** Stripe when a secret key is configured, else the built-in test payment mode. */
export function createBillingProvider(app: FastifyInstance): BillingProvider {
  return app.config.STRIPE_SECRET_KEY
    ? createStripeProvider(app.config)
    : createTestModeProvider(app.db, app.config.publicUrl, app.log);
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

/** Subscription, payment and webhook routes, the test checkout page (test mode) and admin membership routes. */
export async function billingRoutes(app: FastifyInstance, opts: { provider?: BillingProvider } = {}) {
  const provider = opts.provider ?? billingProviderFor(app);
  if (provider.mode === 'test') app.log.info('billing: no STRIPE_SECRET_KEY, built-in test payment mode');
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
        response: { 200: createSubscriptionResponseSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      createProSubscription(
        db,
        provider,
        app.config.publicUrl,
        await requireUser(request),
        request.query.ui === 'embedded',
      ),
  );

  r.post(
    '/api/verify-stripe-session',
    {
      schema: {
        tags: ['billing'],
        summary: "Confirms the caller's paid checkout session and makes them Pro (safe to repeat)",
        body: verifySessionInputSchema,
        response: { 200: verifySessionResponseSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      verifyCheckoutSession(db, provider, await requireUser(request), request.body.sessionId),
  );

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

  await app.register(webhookRoutes, { provider });
  await app.register(withdrawalRoutes, { provider });
  if (provider.mode === 'test') {
    await app.register(testCheckoutRoutes, { provider: provider as TestModeProvider });
    await app.register(billingClockRoutes, { provider: provider as TestModeProvider });
  }
}
