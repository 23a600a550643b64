import { safeReturnTo } from '@common/rules/safe-return-to';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { peekToken } from '../account-tokens';
import { requestPasswordReset, resendVerification, resetPassword, verifyEmail } from './accounts';
import { html, type IdpPages } from './idp-pages';
import { checkEmailPage, forgotPage, forgotSentPage, linkResultPage, resetPage, verifyPage } from './pages';

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const emailBody = z.object({ email: z.string().max(400).default('') });
const resetBody = z.object({
  password: z.string().max(400).default(''),
  repeat: z.string().max(400).default(''),
});

/** The site's login, coming back to `returnTo` once the member is in (checked again: a same-site path). */
const loginReturningTo = (pages: FastifyInstance, returnTo: string) =>
  `/api/login?returnTo=${encodeURIComponent(safeReturnTo(returnTo, pages.config.publicUrl))}`;

/** Confirming the address: 'Skicka länken igen' and the page of the e-mailed confirmation link. */
export function verificationRoutes(pages: FastifyInstance, idp: IdpPages): void {
  const { rateLimit, problemPage } = idp;

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

  pages.get('/idp/verify/:token', { schema: { hide: true, params: tokenParams } }, async (request, reply) => {
    const { token } = request.params as z.infer<typeof tokenParams>;
    const peek = await peekToken(pages.db, 'verify_email', token);
    if ('problem' in peek) return problemPage(reply, peek.problem);
    return html(reply, verifyPage(token, peek.row.email));
  });

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
      idp.linkLogin.set(reply, outcome.accountId);
      return reply.redirect(loginReturningTo(pages, outcome.returnTo));
    },
  );
}

/** 'Glömt lösenordet?': asking for a link, and the page of the e-mailed reset link. */
export function passwordResetRoutes(pages: FastifyInstance, idp: IdpPages): void {
  const { rateLimit, problemPage } = idp;

  pages.get('/idp/forgot', { schema: { hide: true } }, async (_request, reply) => html(reply, forgotPage()));

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

  pages.get('/idp/reset/:token', { schema: { hide: true, params: tokenParams } }, async (request, reply) => {
    const { token } = request.params as z.infer<typeof tokenParams>;
    const peek = await peekToken(pages.db, 'reset_password', token);
    if ('problem' in peek) return problemPage(reply, peek.problem);
    return html(reply, resetPage(token, peek.row.email));
  });

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
      idp.linkLogin.set(reply, outcome.accountId);
      return reply.redirect(loginReturningTo(pages, outcome.returnTo));
    },
  );
}
