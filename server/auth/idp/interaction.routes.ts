import { EMAIL_MAX_LENGTH } from '@common/limits';
import { safeReturnTo } from '@common/rules/safe-return-to';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountForLink, authenticate, LOGIN_WAIT_MINUTES, type LoginResult, signup } from './accounts';
import { html, type IdpPages } from './idp-pages';
import { checkEmailPage, loginPage, signupPage, unverifiedPage } from './pages';

const uidParams = z.object({ uid: z.string().min(1).max(100) });
const loginBody = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).default(''),
  password: z.string().max(200).default(''),
});
const signupBody = z.object({
  firstName: z.string().max(200).default(''),
  lastName: z.string().max(200).default(''),
  email: z.string().max(400).default(''),
  password: z.string().max(400).default(''),
  acceptTerms: z.string().max(10).optional(),
});

/** The login page's text for a refused login. */
function loginError(reason: Extract<LoginResult, { ok: false }>['reason']): string {
  if (reason === 'wait') {
    return `För många misslyckade inloggningar. Vänta ${LOGIN_WAIT_MINUTES} minuter, eller välj ett nytt lösenord med 'Glömt lösenordet?'.`;
  }
  if (reason === 'slow') {
    return "Många misslyckade inloggningar just nu. Vänta en minut och försök igen, logga in med nyckel, eller välj ett nytt lösenord med 'Glömt lösenordet?'.";
  }
  return 'Fel e-postadress eller lösenord.';
}

/** The pages of a login in progress: login or sign-up as the client asked, and 'Avbryt'. */
export function interactionPageRoutes(pages: FastifyInstance, idp: IdpPages): void {
  const { details, expired } = idp;
  const schema = { hide: true, params: uidParams };

  pages.get('/idp/interaction/:uid', { schema }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    // The browser that just followed a confirmation or reset link is logged in straight away.
    const proven = idp.linkLogin.take(request, reply);
    if (proven && interaction.prompt.name === 'login' && (await accountForLink(pages.db, proven))) {
      return idp.finishLogin(request, reply, proven);
    }
    if (interaction.params.screen_hint === 'signup') return html(reply, signupPage(interaction.uid));
    return html(reply, loginPage(interaction.uid));
  });

  pages.get('/idp/interaction/:uid/signup', { schema }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    return html(reply, signupPage(interaction.uid));
  });

  pages.get('/idp/interaction/:uid/login', { schema }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    return html(reply, loginPage(interaction.uid));
  });

  pages.get('/idp/interaction/:uid/abort', { schema }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return reply.redirect('/');
    reply.hijack();
    await idp.provider.interactionFinished(request.raw, reply.raw, {
      error: 'access_denied',
      error_description: 'Inloggningen avbröts',
    });
  });
}

/** The forms of a login in progress: log in with a password, or sign up. */
export function interactionFormRoutes(pages: FastifyInstance, idp: IdpPages): void {
  const { details, expired, rateLimit } = idp;

  pages.post(
    '/idp/interaction/:uid/login',
    { schema: { hide: true, params: uidParams, body: loginBody }, config: { rateLimit } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expired(reply);
      const { email, password } = request.body as z.infer<typeof loginBody>;
      const result = await authenticate(pages.db, pages.mail, email, password, request.ip);
      if (result.ok) return idp.finishLogin(request, reply, result.accountId);
      if (result.reason === 'unverified') return html(reply, unverifiedPage(email.trim()), 403);
      const page = loginPage(interaction.uid, { email, error: loginError(result.reason) });
      return html(reply, page, result.reason === 'invalid' ? 401 : 429);
    },
  );

  pages.post(
    '/idp/interaction/:uid/signup',
    { schema: { hide: true, params: uidParams, body: signupBody }, config: { rateLimit } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expired(reply);
      const input = request.body as z.infer<typeof signupBody>;
      // Where the login that led here would have returned (the event a visitor came from, issue 27):
      // the confirmation link takes the new member there.
      const returnTo = safeReturnTo(request.session.get('login')?.returnTo, pages.config.publicUrl);
      const result = await signup(pages.db, pages.mail, input, returnTo);
      if ('error' in result) {
        const { password: _p, acceptTerms, ...kept } = input;
        const again = { ...kept, acceptTerms: acceptTerms === 'on', error: result.error };
        return html(reply, signupPage(interaction.uid, again), 400);
      }
      return html(reply, checkEmailPage(result.email));
    },
  );
}
