import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate, signup } from './accounts';
import { errorPage, loginPage, signupPage } from './pages';
import type { BuiltInIssuer } from './provider';

const uidParams = z.object({ uid: z.string().min(1).max(100) });
const loginBody = z.object({
  email: z.string().max(320).default(''),
  password: z.string().max(200).default(''),
});
const signupBody = z.object({
  firstName: z.string().max(200).default(''),
  lastName: z.string().max(200).default(''),
  email: z.string().max(400).default(''),
  password: z.string().max(400).default(''),
});

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** Mounts the built-in issuer under /idp: its protocol endpoints and the Swedish login and sign-up pages. */
export async function idpRoutes(
  app: FastifyInstance,
  opts: { issuer: BuiltInIssuer; loginRateLimit: number },
) {
  const { provider } = opts.issuer;
  const callback = provider.callback();

  // Protocol endpoints (discovery, auth, token, jwks, logout ...): oidc-provider reads the raw request itself.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_req, _payload, done) => done(null));
    raw.all('/idp/*', { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      const req = request.raw as typeof request.raw & { originalUrl?: string };
      req.originalUrl = req.url;
      req.url = req.url!.slice('/idp'.length) || '/';
      callback(req, reply.raw);
    });
  });

  // Interaction pages: plain HTML forms.
  await app.register(async (pages) => {
    await pages.register(formbody, { bodyLimit: 8 * 1024 });
    const details = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return null;
      }
    };
    const expired = (reply: FastifyReply) =>
      html(reply, errorPage('Inloggningen har gått ut. Gå tillbaka till startsidan och försök igen.'), 400);
    const rateLimit = { max: opts.loginRateLimit, timeWindow: '1 minute' };

    pages.get(
      '/idp/interaction/:uid',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) return expired(reply);
        if (interaction.params.screen_hint === 'signup') return html(reply, signupPage(interaction.uid));
        return html(reply, loginPage(interaction.uid));
      },
    );

    pages.get(
      '/idp/interaction/:uid/signup',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) return expired(reply);
        return html(reply, signupPage(interaction.uid));
      },
    );

    pages.get(
      '/idp/interaction/:uid/login',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) return expired(reply);
        return html(reply, loginPage(interaction.uid));
      },
    );

    pages.post(
      '/idp/interaction/:uid/login',
      { schema: { hide: true, params: uidParams, body: loginBody }, config: { rateLimit } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) return expired(reply);
        const { email, password } = request.body as z.infer<typeof loginBody>;
        const accountId = await authenticate(pages.db, email, password);
        if (!accountId) {
          return html(
            reply,
            loginPage(interaction.uid, { email, error: 'Fel e-postadress eller lösenord.' }),
            401,
          );
        }
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId } },
          {
            mergeWithLastSubmission: false,
          },
        );
      },
    );

    pages.post(
      '/idp/interaction/:uid/signup',
      { schema: { hide: true, params: uidParams, body: signupBody }, config: { rateLimit } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) return expired(reply);
        const input = request.body as z.infer<typeof signupBody>;
        const result = await signup(pages.db, input);
        if ('error' in result) {
          const { password: _p, ...kept } = input;
          return html(reply, signupPage(interaction.uid, { ...kept, error: result.error }), 400);
        }
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: result.id } },
          {
            mergeWithLastSubmission: false,
          },
        );
      },
    );

    pages.get(
      '/idp/interaction/:uid/abort',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) return reply.redirect('/');
        reply.hijack();
        await provider.interactionFinished(request.raw, reply.raw, {
          error: 'access_denied',
          error_description: 'Inloggningen avbröts',
        });
      },
    );
  });
}
