import { msg } from '@common/messages';
import { safeReturnTo } from '@common/rules/safe-return-to';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutReturnUrls, eventCheckoutReturnUrls } from './billing.provider';
import type { SessionRow, TestModeProvider } from './billing.test-mode';
import { eventFeeItem, testCheckoutMissingPage, testCheckoutPage } from './test-checkout.page';

const params = z.object({ sessionId: z.string().min(1).max(64) });
const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * The test payment mode's hosted checkout (only registered without a Stripe key): a page at
 * /test-checkout/{sessionId} with 'Betala 99 kr' (Pro) or 'Betala {amount} kr' (an event fee, with the
 * event's title) and 'Avbryt'. Paying returns to /payment-success or the event's page, where the same
 * verification as with Stripe runs.
 */
export async function testCheckoutRoutes(app: FastifyInstance, { provider }: { provider: TestModeProvider }) {
  await app.register(formbody, { bodyLimit: 4 * 1024 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
  const allowedOrigin = new URL(publicUrl).origin;
  /** The page of an open session: Pro, or an event fee (its event, its amount, back to its page). */
  const pageOf = (session: SessionRow, error?: string, returnTo?: string) =>
    session.mode === 'payment' && session.eventId != null
      ? testCheckoutPage({
          sessionId: session.id,
          cancelUrl: eventCheckoutReturnUrls(publicUrl, session.eventId).cancelUrl,
          item: eventFeeItem(session.eventTitle ?? '', session.amount ?? 0),
          error,
        })
      : testCheckoutPage({
          sessionId: session.id,
          cancelUrl: `${publicUrl}/subscription?canceled=true`,
          error,
          returnTo: safeReturnTo(returnTo, publicUrl),
        });

  r.get('/test-checkout/:sessionId', { schema: { hide: true, params } }, async (request, reply) => {
    const user = await request.currentUser();
    const path = `/test-checkout/${encodeURIComponent(request.params.sessionId)}`;
    if (!user) return reply.redirect(`/api/login?returnTo=${encodeURIComponent(path)}`);
    const session = await provider.findSession(request.params.sessionId);
    if (!session || session.userId !== user.id)
      return html(reply, testCheckoutMissingPage(msg.sessionNotFound), 404);
    if (session.status === 'complete') {
      return reply.redirect(
        session.mode === 'payment' && session.eventId != null
          ? eventCheckoutReturnUrls(publicUrl, session.eventId, session.id).successUrl
          : checkoutReturnUrls(publicUrl, user.id, session.id).successUrl,
      );
    }
    return html(reply, pageOf(session));
  });

  r.post(
    '/test-checkout/:sessionId/pay',
    {
      schema: {
        hide: true,
        params,
        body: z.object({
          cardNumber: z.string().max(30).default(''),
          // /subscribe's test form: the page to go on to after Pro (checked by checkoutReturnUrls).
          returnTo: z.string().max(2000).optional(),
        }),
      },
    },
    async (request, reply) => {
      // A form post from this site only (the session cookie is SameSite=Lax; this checks the rest).
      const origin = request.headers.origin;
      const own = `${request.protocol}://${request.host}`;
      if (origin && origin !== 'null' && origin !== own && origin !== allowedOrigin) {
        return html(reply, testCheckoutMissingPage(msg.originRefused), 403);
      }
      const user = await request.currentUser();
      if (!user) return html(reply, testCheckoutMissingPage(msg.notLoggedIn), 401);
      const session = await provider.findSession(request.params.sessionId);
      if (!session || session.userId !== user.id)
        return html(reply, testCheckoutMissingPage(msg.sessionNotFound), 404);
      const result = await provider.pay(session.id, user.id, request.body.cardNumber, request.body.returnTo);
      if (!result.ok) return html(reply, pageOf(session, result.message, request.body.returnTo), 402);
      return reply.redirect(result.redirectUrl, 303);
    },
  );
}
