import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../errors';
import type { BuiltInIssuer } from '../idp/provider';
import { type PasskeyAsset, passkeyLoginAsset, webAuthnBrowserAsset } from './passkey-assets';
import { authenticationResponseSchema } from './passkeys.schemas';
import {
  authenticationOptions,
  liveChallenge,
  type PendingChallenge,
  passkeyMessages,
  verifyPasskeyLogin,
  webAuthnSite,
} from './passkeys.service';

declare module 'fastify' {
  interface Session {
    /**
     * The challenge of a passkey login on the issuer's page of interaction `uid`.
     *
     * Kept server-side in the visitor's site session (the row in `sessions`; the browser has that
     * session since /api/login stored the pending login there) rather than in a cookie: only the
     * server can make it single use (it is cleared before the answer is verified), it expires
     * after 5 minutes, and it is bound to the interaction, so an answer made for one login page
     * cannot finish another. A new options call replaces it (one ceremony at a time).
     */
    passkeyLogin?: PendingChallenge & { uid: string };
  }
}

const uidParams = z.object({ uid: z.string().min(1).max(100) });
// WebAuthn's PublicKeyCredentialRequestOptionsJSON, made by the library.
const authenticationOptionsSchema = z.looseObject({ challenge: z.string(), rpId: z.string().optional() });

/** Answers a script: for a year when asked by its current version, else revalidated every time. */
function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: PasskeyAsset) {
  const current = (request.query as { v?: string }).v === asset.version;
  const etag = `"${asset.version}"`;
  reply
    .header('content-type', 'text/javascript; charset=utf-8')
    .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(asset.body);
}

/**
 * 'Logga in med nyckel' on the built-in issuer's login page: authentication options and the
 * verification that finishes the OpenID Connect interaction, plus the two browser scripts.
 */
export async function passkeyIdpRoutes(app: FastifyInstance, opts: { issuer: BuiltInIssuer }) {
  const { provider } = opts.issuer;
  const site = webAuthnSite(app.config.publicUrl);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: app.config.RATE_LIMIT_LOGIN_PER_MINUTE, timeWindow: '1 minute' };
  const refused = () => new ValidationError(passkeyMessages.loginFailed);

  // The /api origin check does not cover /idp: these JSON calls come only from the issuer's page.
  const sameOrigin = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== site.origin && origin !== `${request.protocol}://${request.host}`) throw refused();
  };
  // The interaction of this page (from oidc-provider's path-scoped cookie), or a refusal.
  const interactionOf = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    const interaction = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    if (!interaction || interaction.uid !== request.params.uid) throw refused();
    return interaction;
  };

  r.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/idp/interaction/')) reply.header('cache-control', 'no-store');
  });

  r.post(
    '/idp/interaction/:uid/passkey/options',
    {
      schema: {
        hide: true,
        params: uidParams,
        response: { 200: authenticationOptionsSchema, 400: errorSchema },
      },
      config: { rateLimit },
      preHandler: sameOrigin,
    },
    async (request, reply) => {
      await interactionOf(request, reply);
      const { options, pending } = await authenticationOptions(site);
      request.session.set('passkeyLogin', { ...pending, uid: request.params.uid });
      return { ...options };
    },
  );

  r.post(
    '/idp/interaction/:uid/passkey/verify',
    {
      schema: {
        hide: true,
        params: uidParams,
        body: z.object({ response: authenticationResponseSchema }),
        response: { 200: z.object({ redirectTo: z.string() }), 400: errorSchema },
      },
      config: { rateLimit },
      preHandler: sameOrigin,
    },
    async (request, reply) => {
      // Single use: the challenge leaves the session before anything else is looked at.
      const stored = request.session.get('passkeyLogin');
      request.session.set('passkeyLogin', undefined);
      const expectedChallenge = stored?.uid === request.params.uid ? liveChallenge(stored) : null;
      await interactionOf(request, reply);
      const { accountId } = await verifyPasskeyLogin(
        app.db,
        site,
        // The schema checked shape and sizes; the library verifies the contents.
        request.body.response as Parameters<typeof verifyPasskeyLogin>[2],
        expectedChallenge,
      );
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
  );

  r.get('/idp/assets/passkey-login.js', { schema: { hide: true } }, (request, reply) =>
    sendAsset(request, reply, passkeyLoginAsset),
  );
  r.get('/idp/assets/simplewebauthn-browser.js', { schema: { hide: true } }, (request, reply) =>
    sendAsset(request, reply, webAuthnBrowserAsset),
  );
}
