import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { users } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/test-app';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in';

export const WEBHOOK_SECRET = 'whsec_test_standin_secret';

/**
 * The app configured for Stripe, its SDK pointed at a local stand-in (host/port/protocol), set
 * up before and closed after the calling test file's tests. Fields are filled in beforeAll.
 */
export function useStripeContext() {
  const ctx = { t: undefined as unknown as TestContext, stripe: undefined as unknown as StripeStandIn };
  beforeAll(async () => {
    ctx.stripe = await startStripeStandIn();
    ctx.t = await createTestContext({
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(ctx.stripe.port),
      STRIPE_API_PROTOCOL: 'http',
    });
  });
  afterAll(async () => {
    await ctx.t.close();
    await ctx.stripe.close();
  });

  return {
    ctx,
    /** The member's row as stored now. */
    reload: async (id: string) => (await ctx.t.db.select().from(users).where(eq(users.id, id)))[0],
    /** Posts a (signed) event to the webhook as Stripe does. */
    webhook: (e: { payload: string; signature: string }, signature = e.signature) =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload: e.payload,
      }),
    /** A member who went through checkout (session created by our API, paid at the stand-in). */
    async checkedOut() {
      const user = await buildUser(ctx.t.db);
      const client = await ctx.t.as(user);
      const res = await client.post('/api/create-pro-subscription');
      expect(res.statusCode).toBe(200);
      const session = ctx.stripe.sessions.get(res.json().sessionId)!;
      const sub = ctx.stripe.completeSession(session.id);
      return { user, client, session, sub };
    },
  };
}
