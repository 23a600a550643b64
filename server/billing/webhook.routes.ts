import { msg } from '@common/messages';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type BillingProvider, WebhookSignatureError } from './billing.provider';
import { handleBillingEvent } from './billing.sync';

/**
 * POST /api/stripe/webhook in its own encapsulated plugin: JSON is kept as the raw Buffer here
 * (the signature covers the exact bytes), and nowhere else.
 */
export async function webhookRoutes(app: FastifyInstance, { provider }: { provider: BillingProvider }) {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_req, body, done) => done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/stripe/webhook',
    {
      // Stripe may send bursts; its signature is the check, not a per-address limit.
      config: { rateLimit: { max: 2000, timeWindow: '1 minute' } },
      schema: {
        tags: ['billing'],
        summary:
          'Stripe webhook: signature verified, each event id handled once, in any order (checkout incl. event fees, subscription, invoice events)',
        headers: z.object({ 'stripe-signature': z.string().optional() }).passthrough(),
        response: {
          200: z.object({ received: z.literal(true), result: z.enum(['processed', 'duplicate', 'ignored']) }),
          400: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) return reply.status(400).send({ message: msg.webhookSignatureInvalid });
      let event: ReturnType<BillingProvider['parseWebhook']>;
      try {
        event = provider.parseWebhook(raw, request.headers['stripe-signature']);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          request.log.warn({ reason: err.message }, 'webhook refused');
          return reply.status(400).send({ message: msg.webhookSignatureInvalid });
        }
        throw err;
      }
      const result = await handleBillingEvent(app.db, provider, event, request.log);
      request.log.info({ eventId: event.id, type: event.type, result }, 'webhook handled');
      return { received: true as const, result };
    },
  );
}
