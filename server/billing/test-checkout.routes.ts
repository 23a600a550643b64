import { msg } from '@common/messages';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutReturnUrls } from './billing.provider';
import type { TestModeProvider } from './billing.test-mode';
import { testCheckoutMissingPage, testCheckoutPage } from './test-checkout.page';

const params = z.object({ sessionId: z.string().min(1).max(64) });
const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * The test payment mode's hosted checkout (only registered without a Stripe key): a page at
 * /test-checkout/{sessionId} with 'Betala 99 kr' and 'Avbryt'. Paying returns to /payment-success,
 * where the same verification as with Stripe runs.
 */
export async function testCheckoutRoutes(app: FastifyInstance, { provider }: { provider: TestModeProvider }) {
  await app.register(formbody, { bodyLimit: 4 * 1024 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cancelUrl = `${app.config.publicUrl}/subscription?canceled=true`;
  const allowedOrigin = new URL(app.config.publicUrl).origin;

  r.get('/test-checkout/:sessionId', { schema: { hide: true, params } }, async (request, reply) => {
    const user = await request.currentUser();
    const path = `/test-checkout/${encodeURIComponent(request.params.sessionId)}`;
    if (!user) return reply.redirect(`/api/login?returnTo=${encodeURIComponent(path)}`);
    const session = await provider.findSession(request.params.sessionId);
    if (!session || session.userId !== user.id)
      return html(reply, testCheckoutMissingPage(msg.sessionNotFound), 404);
    if (session.status === 'complete') {
      return reply.redirect(checkoutReturnUrls(app.config.publicUrl, user.id, session.id).successUrl);
    }
    return html(reply, testCheckoutPage({ sessionId: session.id, cancelUrl }));
  });

  r.post(
    '/test-checkout/:sessionId/pay',
    {
      schema: { hide: true, params, body: z.object({ cardNumber: z.string().max(30).default('') }) },
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
      const result = await provider.pay(session.id, user.id, request.body.cardNumber);
      if (!result.ok) {
        return html(
          reply,
          testCheckoutPage({ sessionId: session.id, cancelUrl, error: result.message }),
          402,
        );
      }
      return reply.redirect(result.redirectUrl, 303);
    },
  );
}
