import {
  changePasswordBodySchema,
  emailTokenBodySchema,
  emailTokenResultSchema,
  securityInfoSchema,
} from '@common/schemas/account';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePassword, logoutEverywhere, securityInfo } from './account.service';
import { requireUser } from './current-user';
import { cancelEmailChangeByLink, cancelPending, confirmEmailChange } from './email-change';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** The member's account security: e-mail change links, password, 'Logga ut överallt'. */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Personal data: never kept by a browser or proxy cache.
  r.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/api/me/security',
    {
      schema: {
        tags: ['account'],
        summary:
          "What the member's login offers (password and passkeys with the built-in issuer), the address and a pending change",
        response: { 200: securityInfoSchema, 401: errorSchema },
      },
    },
    async (request) => securityInfo(await requireUser(request)),
  );

  r.delete(
    '/api/me/pending-email',
    {
      schema: {
        tags: ['account'],
        summary: 'Cancel one’s own pending change of e-mail address',
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await app.db.transaction((tx) => cancelPending(tx, user.id));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/me/email/confirm',
    {
      schema: {
        tags: ['account'],
        summary:
          'Follow the link sent to a new address: it takes effect (no login needed; the link proves it)',
        body: emailTokenBodySchema,
        response: { 200: emailTokenResultSchema, ...errors },
      },
      config: { rateLimit: { max: app.config.RATE_LIMIT_LOGIN_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request) => confirmEmailChange(app.db, app.mail, request.body.token),
  );

  r.post(
    '/api/me/email/cancel',
    {
      schema: {
        tags: ['account'],
        summary: 'Follow the cancel link sent to the old address: the pending change is dropped',
        body: emailTokenBodySchema,
        response: { 200: emailTokenResultSchema, ...errors },
      },
      config: { rateLimit: { max: app.config.RATE_LIMIT_LOGIN_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request) => cancelEmailChangeByLink(app.db, request.body.token),
  );

  r.post(
    '/api/me/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password (built-in issuer): the current one is checked, other sessions end',
        body: changePasswordBodySchema,
        response: {
          204: z.null(),
          ...errors,
          // `field` names the form field the message belongs to.
          400: errorSchema.extend({ field: z.enum(['currentPassword', 'newPassword']).optional() }),
        },
      },
      config: { rateLimit: { max: app.config.RATE_LIMIT_LOGIN_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await changePassword(app.db, app.mail, user, request.body, request.session.sessionId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/me/logout-everywhere',
    {
      schema: {
        tags: ['account'],
        summary: 'End every session of the member on every device, this one too',
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await logoutEverywhere(app.db, user);
      await request.session.destroy();
      return reply.status(204).send(null);
    },
  );
}
