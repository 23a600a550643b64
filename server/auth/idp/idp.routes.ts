import { safeReturnTo } from '@common/rules/safe-return-to';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { peekToken, tokenProblemMessage } from '../account-tokens';
import {
  accountForLink,
  authenticate,
  LOGIN_WAIT_MINUTES,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signup,
  verifyEmail,
} from './accounts';
import { createLinkLogin } from './link-login';
import {
  checkEmailPage,
  errorPage,
  forgotPage,
  forgotSentPage,
  linkResultPage,
  loginPage,
  resetPage,
  signupPage,
  unverifiedPage,
  verifyPage,
} from './pages';
import type { BuiltInIssuer } from './provider';

const uidParams = z.object({ uid: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const loginBody = z.object({
  email: z.string().max(320).default(''),
  password: z.string().max(200).default(''),
});
const signupBody = z.object({
  firstName: z.string().max(200).default(''),
  lastName: z.string().max(200).default(''),
  email: z.string().max(400).default(''),
  password: z.string().max(400).default(''),
  acceptTerms: z.string().max(10).optional(),
});
const emailBody = z.object({ email: z.string().max(400).default('') });
const resetBody = z.object({
  password: z.string().max(400).default(''),
  repeat: z.string().max(400).default(''),
});

// 'same-origin' instead of the site's 'no-referrer': with 'no-referrer' a browser sends `Origin: null`
// on the POST of a form (Fetch standard), so our own forms could not be told from a sandboxed frame's.
const html = (reply: FastifyReply, body: string, status = 200) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(body);

/** True when a form post comes from a page of this site (Origin, else Referer; `null` never). */
export function fromOwnPage(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === publicOrigin;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === publicOrigin;
  } catch {
    return false;
  }
}

/**
 * Mounts the built-in issuer under /idp: its protocol endpoints, the Swedish login and sign-up
 * pages, and the pages of the links it e-mails (confirm the address, reset the password).
 */
export async function idpRoutes(
  app: FastifyInstance,
  opts: { issuer: BuiltInIssuer; loginRateLimit: number; linkLoginSecret: string },
) {
  const { provider } = opts.issuer;
  const callback = provider.callback();
  const linkLogin = createLinkLogin(opts.linkLoginSecret, app.config.publicUrl.startsWith('https:'));
  const publicOrigin = new URL(app.config.publicUrl).origin;
  /** The site's login, coming back to `returnTo` once the member is in (checked again: a same-site path). */
  const loginReturningTo = (returnTo: string) =>
    `/api/login?returnTo=${encodeURIComponent(safeReturnTo(returnTo, app.config.publicUrl))}`;

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

  // Interaction and link pages: plain HTML forms.
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
    const finishLogin = async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
    };
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

    pages.get(
      '/idp/interaction/:uid',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) return expired(reply);
        // The browser that just followed a confirmation or reset link is logged in straight away.
        const proven = linkLogin.take(request, reply);
        if (proven && interaction.prompt.name === 'login' && (await accountForLink(pages.db, proven))) {
          return finishLogin(request, reply, proven);
        }
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
        const result = await authenticate(pages.db, pages.mail, email, password, request.ip);
        if (result.ok) return finishLogin(request, reply, result.accountId);
        if (result.reason === 'unverified') return html(reply, unverifiedPage(email.trim()), 403);
        const error =
          result.reason === 'wait'
            ? `För många misslyckade inloggningar. Vänta ${LOGIN_WAIT_MINUTES} minuter, eller välj ett nytt lösenord med 'Glömt lösenordet?'.`
            : result.reason === 'slow'
              ? "Många misslyckade inloggningar just nu. Vänta en minut och försök igen, logga in med nyckel, eller välj ett nytt lösenord med 'Glömt lösenordet?'."
              : 'Fel e-postadress eller lösenord.';
        return html(
          reply,
          loginPage(interaction.uid, { email, error }),
          result.reason === 'invalid' ? 401 : 429,
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
        // Where the login that led here would have returned (the event a visitor came from, issue 27):
        // the confirmation link takes the new member there.
        const returnTo = safeReturnTo(request.session.get('login')?.returnTo, app.config.publicUrl);
        const result = await signup(pages.db, pages.mail, input, returnTo);
        if ('error' in result) {
          const { password: _p, acceptTerms, ...kept } = input;
          const again = { ...kept, acceptTerms: acceptTerms === 'on', error: result.error };
          return html(reply, signupPage(interaction.uid, again), 400);
        }
        return html(reply, checkEmailPage(result.email));
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

    // 'Skicka länken igen': the same answer for every address.
    pages.post(
      '/idp/resend',
      { schema: { hide: true, body: emailBody }, config: { rateLimit } },
      async (request, reply) => {
        const { email } = request.body as z.infer<typeof emailBody>;
        await resendVerification(pages.db, pages.mail, email);
        return html(reply, checkEmailPage(email.trim()));
      },
    );

    pages.get('/idp/forgot', { schema: { hide: true } }, async (_request, reply) =>
      html(reply, forgotPage()),
    );

    pages.post(
      '/idp/forgot',
      { schema: { hide: true, body: emailBody }, config: { rateLimit } },
      async (request, reply) => {
        const email = (request.body as z.infer<typeof emailBody>).email.trim();
        if (!email) return html(reply, forgotPage({ error: 'Ange din e-postadress.' }), 400);
        await requestPasswordReset(pages.db, pages.mail, email);
        return html(reply, forgotSentPage(email));
      },
    );

    const problemPage = (reply: FastifyReply, problem: keyof typeof tokenProblemMessage) =>
      html(reply, linkResultPage('Länken fungerar inte', tokenProblemMessage[problem]), 400);

    pages.get(
      '/idp/verify/:token',
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const peek = await peekToken(
          pages.db,
          'verify_email',
          (request.params as z.infer<typeof tokenParams>).token,
        );
        if ('problem' in peek) return problemPage(reply, peek.problem);
        return html(reply, verifyPage((request.params as z.infer<typeof tokenParams>).token, peek.row.email));
      },
    );

    pages.post(
      '/idp/verify/:token',
      { schema: { hide: true, params: tokenParams }, config: { rateLimit } },
      async (request, reply) => {
        const outcome = await verifyEmail(pages.db, (request.params as z.infer<typeof tokenParams>).token);
        if (!outcome.ok) return problemPage(reply, outcome.problem);
        // A contested address (two sign-ups): the password is chosen now, by the mailbox's holder.
        if (outcome.choosePasswordToken) return reply.redirect(`/idp/reset/${outcome.choosePasswordToken}`);
        if (outcome.alreadyVerified) {
          return html(
            reply,
            linkResultPage('Redan bekräftad', 'E-postadressen var redan bekräftad. Inget har ändrats.'),
          );
        }
        linkLogin.set(reply, outcome.accountId);
        return reply.redirect(loginReturningTo(outcome.returnTo));
      },
    );

    pages.get(
      '/idp/reset/:token',
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const peek = await peekToken(
          pages.db,
          'reset_password',
          (request.params as z.infer<typeof tokenParams>).token,
        );
        if ('problem' in peek) return problemPage(reply, peek.problem);
        return html(reply, resetPage((request.params as z.infer<typeof tokenParams>).token, peek.row.email));
      },
    );

    pages.post(
      '/idp/reset/:token',
      { schema: { hide: true, params: tokenParams, body: resetBody }, config: { rateLimit } },
      async (request, reply) => {
        const { token } = request.params as z.infer<typeof tokenParams>;
        const { password, repeat } = request.body as z.infer<typeof resetBody>;
        const peek = await peekToken(pages.db, 'reset_password', token);
        if ('problem' in peek) return problemPage(reply, peek.problem);
        if (password !== repeat) {
          return html(reply, resetPage(token, peek.row.email, 'Lösenorden är inte likadana.'), 400);
        }
        const outcome = await resetPassword(pages.db, pages.mail, token, password, peek.row.email);
        if ('error' in outcome) return html(reply, resetPage(token, peek.row.email, outcome.error), 400);
        if (!outcome.ok) return problemPage(reply, outcome.problem);
        linkLogin.set(reply, outcome.accountId);
        return reply.redirect(loginReturningTo(outcome.returnTo));
      },
    );
  });
}
