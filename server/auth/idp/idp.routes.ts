import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { passwordResetRoutes, verificationRoutes } from './account-links.routes';
import { createIdpPages, fromOwnPage, html } from './idp-pages';
import { interactionFormRoutes, interactionPageRoutes } from './interaction.routes';
import { createLinkLogin } from './link-login';
import { errorPage } from './pages';
import type { BuiltInIssuer } from './provider';

export { fromOwnPage } from './idp-pages';

/** oidc-provider's own endpoints (discovery, auth, token, jwks, logout ...): it reads the raw request itself. */
async function protocolRoutes(app: FastifyInstance, issuer: BuiltInIssuer): Promise<void> {
  const callback = issuer.provider.callback();
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
}

/**
 * Mounts the built-in issuer under /idp: its protocol endpoints, the Swedish login and sign-up
 * pages (interaction.routes.ts), and the pages of the links it e-mails, to confirm the address and
 * to reset the password (account-links.routes.ts).
 */
export async function idpRoutes(
  app: FastifyInstance,
  opts: { issuer: BuiltInIssuer; loginRateLimit: number; linkLoginSecret: string },
) {
  const linkLogin = createLinkLogin(opts.linkLoginSecret, app.config.publicUrl.startsWith('https:'));
  const publicOrigin = new URL(app.config.publicUrl).origin;
  const idp = createIdpPages(opts.issuer, linkLogin, opts.loginRateLimit);

  await protocolRoutes(app, opts.issuer);

  // Interaction and link pages: plain HTML forms.
  await app.register(async (pages) => {
    await pages.register(formbody, { bodyLimit: 8 * 1024 });
    // Forms of these pages are posted only from the site itself (login CSRF: a foreign page, or a
    // sandboxed frame, which sends `Origin: null`, must not log a visitor in as someone else, confirm
    // or reset anything). A browser sends Origin on every POST; without one, a Referer of this site
    // will do (an old browser), and a request with neither is no form of ours. oidc-provider's own
    // endpoints (/idp/token, /idp/session/end ...) are outside this scope and keep their own rules.
    pages.addHook('preHandler', async (request, reply) => {
      if (request.method === 'POST' && !fromOwnPage(request, publicOrigin)) {
        return html(reply, errorPage('Formuläret kom från en annan webbplats.'), 403);
      }
    });
    interactionPageRoutes(pages, idp);
    interactionFormRoutes(pages, idp);
    verificationRoutes(pages, idp);
    passwordResetRoutes(pages, idp);
  });
}
