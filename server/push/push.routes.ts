import { errorSchema } from '@common/schemas/errors';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@common/schemas/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { getOrCreateSecret } from '../auth/secrets';
import { ConflictError, ValidationError } from '../errors';
import { hasValidPushKeys, isAllowedPushEndpoint } from './push.policy';
import { deleteOwnSubscription, saveSubscription } from './push.queries';
import { createPushSender, newVapidKeys, type VapidKeys, vapidSubject } from './push.sender';
import './push.types';

export const PUSH_MESSAGES = {
  badEndpoint: 'Ogiltig adress för pushnotiser: den måste börja med https://',
  badKeys: 'Ogiltiga nycklar för pushnotiser',
  /** The endpoint is another member's (a browser that member subscribed): it is not moved. */
  endpointTaken: 'Den här enheten tar redan emot pushnotiser för ett annat konto',
} as const;

/**
 * Web push: decorates `app.push` (the sender, with the VAPID keys generated once into `server_secrets`)
 * and registers the public key and subscription routes. Call on the root app so the decoration is seen
 * everywhere (the notification fan-out uses it).
 */
export async function registerPush(app: FastifyInstance): Promise<void> {
  const keys = await getOrCreateSecret<VapidKeys>(app.database, 'vapid_keys', newVapidKeys);
  app.decorate(
    'push',
    createPushSender({
      db: app.db,
      keys,
      subject: vapidSubject(app.config.mailFrom, app.config.publicUrl),
      log: app.log,
      production: app.config.NODE_ENV === 'production',
      onOutcome: (outcome) => app.metrics.pushMessage(outcome),
    }),
  );
  await app.register(pushRoutes);
}

/** GET /api/push/public-key, POST and DELETE /api/push/subscriptions. */
async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: 'The VAPID public key browsers subscribe with',
        response: { 200: z.object({ publicKey: z.string() }) },
      },
      config: { publicCache: true },
    },
    async (_request, reply) => {
      return reply.header('cache-control', 'public, max-age=3600').send({ publicKey: app.push.publicKey });
    },
  );

  r.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Subscribe this browser to the member's push notifications",
        body: pushSubscriptionSchema,
        response: {
          201: z.object({ endpoint: z.string() }),
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { endpoint, keys } = request.body;
      if (!isAllowedPushEndpoint(endpoint, { production: app.config.NODE_ENV === 'production' }))
        throw new ValidationError(PUSH_MESSAGES.badEndpoint);
      if (!hasValidPushKeys(keys)) throw new ValidationError(PUSH_MESSAGES.badKeys);
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      const saved = await saveSubscription(app.db, {
        userId: user.id,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent,
      });
      if (saved === 'taken') throw new ConflictError(PUSH_MESSAGES.endpointTaken);
      return reply.status(201).send({ endpoint });
    },
  );

  r.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Unsubscribe a browser (only the member's own subscription)",
        body: pushUnsubscribeSchema,
        response: { 204: z.null(), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteOwnSubscription(app.db, user.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
