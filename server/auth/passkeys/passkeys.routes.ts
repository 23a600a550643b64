import { passkeyNameSchema, passkeySchema } from '@common/schemas/account';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors';
import { requireUser } from '../current-user';
import { presentPasskey } from './passkeys.presenter';
import { deletePasskey, renamePasskey } from './passkeys.queries';
import { passkeyIdParamsSchema, registrationResponseSchema } from './passkeys.schemas';
import {
  addPasskey,
  liveChallenge,
  type PendingChallenge,
  passkeyAccountOf,
  passkeyMessages,
  passkeysOf,
  registrationOptions,
  webAuthnSite,
} from './passkeys.service';

declare module 'fastify' {
  interface Session {
    /** The challenge of a passkey being added, for this account (single use, 5 minutes). */
    passkeyRegistration?: PendingChallenge & { accountId: string };
  }
}

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
// WebAuthn's PublicKeyCredentialCreationOptionsJSON, made by the library (other fields pass as they are).
const registrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
  excludeCredentials: z
    .array(z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() }))
    .optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
});

/** The member's passkeys (built-in issuer only): list, add (options, then the answer), rename, remove. */
export async function passkeysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const site = webAuthnSite(app.config.publicUrl);
  r.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // A visitor gets 401 whatever the body (the schema is checked after this).
  r.addHook('preValidation', async (request) => {
    await requireUser(request);
  });

  r.get(
    '/api/me/passkeys',
    {
      schema: {
        tags: ['account'],
        summary: "One's own passkeys (404 when logging in through an external issuer)",
        response: { 200: z.array(passkeySchema), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const account = await passkeyAccountOf(app.db, await requireUser(request));
      return (await passkeysOf(app.db, account)).map(presentPasskey);
    },
  );

  r.post(
    '/api/me/passkeys/options',
    {
      schema: {
        tags: ['account'],
        summary:
          'Start adding a passkey: WebAuthn registration options (the challenge is kept in the session)',
        response: { 200: registrationOptionsSchema, ...errors },
      },
    },
    async (request) => {
      const account = await passkeyAccountOf(app.db, await requireUser(request));
      const { options, pending } = await registrationOptions(app.db, site, account);
      request.session.set('passkeyRegistration', { ...pending, accountId: account.id });
      return { ...options };
    },
  );

  r.post(
    '/api/me/passkeys',
    {
      schema: {
        tags: ['account'],
        summary:
          "Finish adding a passkey: the browser's answer is verified, the key stored and the member e-mailed",
        body: z.object({ name: passkeyNameSchema.shape.name, response: registrationResponseSchema }),
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const account = await passkeyAccountOf(app.db, await requireUser(request));
      // Single use: the challenge leaves the session before the answer is looked at.
      const stored = request.session.get('passkeyRegistration');
      request.session.set('passkeyRegistration', undefined);
      const expectedChallenge = stored?.accountId === account.id ? liveChallenge(stored) : null;
      const row = await addPasskey(app.db, app.mail, site, account, {
        name: request.body.name,
        // The schema checked shape and sizes; the library verifies the contents.
        response: request.body.response as Parameters<typeof addPasskey>[4]['response'],
        expectedChallenge,
      });
      return reply.status(201).send(presentPasskey(row));
    },
  );

  r.patch(
    '/api/me/passkeys/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Rename one of one’s passkeys',
        params: passkeyIdParamsSchema,
        body: passkeyNameSchema,
        response: { 200: passkeySchema, ...errors },
      },
    },
    async (request) => {
      const account = await passkeyAccountOf(app.db, await requireUser(request));
      const row = await renamePasskey(app.db, {
        id: request.params.id,
        accountId: account.id,
        name: request.body.name,
      });
      if (!row) throw new NotFoundError(passkeyMessages.notFound);
      return presentPasskey(row);
    },
  );

  r.delete(
    '/api/me/passkeys/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove one of one’s passkeys',
        params: passkeyIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const account = await passkeyAccountOf(app.db, await requireUser(request));
      const removed = await deletePasskey(app.db, { id: request.params.id, accountId: account.id });
      if (!removed) throw new NotFoundError(passkeyMessages.notFound);
      return reply.status(204).send(null);
    },
  );
}
