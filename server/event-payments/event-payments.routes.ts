import { msg } from '@common/messages';
import { verifySessionInputSchema } from '@common/schemas/billing';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import {
  eventCheckoutResultSchema,
  myRegistrationSchema,
  refundInputSchema,
  refundSchema,
  registrationIdParamsSchema,
  registrationSchema,
} from '@common/schemas/registrations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/current-user';
import type { BillingProvider } from '../billing/billing.provider';
import { billingProviderFor } from '../billing/billing.routes';
import { NotFoundError } from '../errors';
import { presentRegistration } from '../registrations/registrations.presenter';
import { findRegistrationWithUser } from '../registrations/registrations.queries';
import { presentRefund } from './event-payments.presenter';
import { findRegistration, listRefunds } from './event-payments.queries';
import { refundRegistration } from './event-payments.refunds';
import { confirmEventCheckout, startEventCheckout } from './event-payments.service';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  502: errorSchema,
  /** Payments are not enabled (production without Stripe keys or PAYMENTS_TEST_MODE). */
  503: errorSchema,
};

/** Paying an event fee: start the checkout, and apply the paid session on the return from it. */
function checkoutRoutes(app: FastifyInstance, provider: BillingProvider) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.post(
    '/api/events/:id/checkout',
    {
      schema: {
        tags: ['event-payments'],
        summary:
          "Starts paying the event fee of the caller's registration (event price, SEK, card or Swish): the checkout URL",
        params: eventIdParamsSchema,
        response: { 200: eventCheckoutResultSchema, ...errors },
      },
    },
    async (request) =>
      startEventCheckout(db, provider, app.config.publicUrl, await requireUser(request), request.params.id),
  );

  r.post(
    '/api/events/:id/checkout/confirm',
    {
      schema: {
        tags: ['event-payments'],
        summary:
          "The return from checkout: applies the caller's paid session like the webhook (safe to repeat) and answers the registration",
        params: eventIdParamsSchema,
        body: verifySessionInputSchema,
        response: { 200: myRegistrationSchema, ...errors },
      },
    },
    async (request) =>
      confirmEventCheckout(
        db,
        provider,
        await requireUser(request),
        request.params.id,
        request.body.sessionId,
        request.log,
      ),
  );
}

/** An admin's refunds of an event fee paid online, and their list. */
function refundRoutes(app: FastifyInstance, provider: BillingProvider) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.post(
    '/api/registrations/:id/refund',
    {
      schema: {
        tags: ['event-payments'],
        summary:
          'Refunds part or all of an event fee paid online (admin; at most what is left of it); 502 when the provider refuses',
        params: registrationIdParamsSchema,
        body: refundInputSchema,
        response: { 200: registrationSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const row = await refundRegistration(
        db,
        provider,
        { registrationId: request.params.id, amount: request.body.amount, createdBy: admin.id },
        request.log,
      );
      const full = await findRegistrationWithUser(db, row.id);
      if (!full) throw new NotFoundError(msg.registrationNotFound);
      return presentRegistration(full, admin);
    },
  );

  r.get(
    '/api/registrations/:id/refunds',
    {
      schema: {
        tags: ['event-payments'],
        summary: "A registration's refunds, oldest first (admin)",
        params: registrationIdParamsSchema,
        response: { 200: z.array(refundSchema), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      if (!(await findRegistration(db, request.params.id))) throw new NotFoundError(msg.registrationNotFound);
      return (await listRefunds(db, request.params.id)).map(presentRefund);
    },
  );
}

/** Event fees paid online (card or Swish through the billing provider) and their refunds (admin). */
export async function eventPaymentsRoutes(app: FastifyInstance, opts: { provider?: BillingProvider } = {}) {
  const provider = opts.provider ?? billingProviderFor(app);
  checkoutRoutes(app, provider);
  refundRoutes(app, provider);
}
