import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrCreateSecret } from '../auth/secrets';
import { testSubscriptions, users } from '../db/schema';
import { buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../test/test-app';
import { createTestModeProvider } from './billing.test-mode';

const DAY = 24 * 60 * 60 * 1000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('billing in the built-in test payment mode (no Stripe key)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const reload = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const provider = () => createTestModeProvider(t.db, TEST_ORIGIN);

  /** A member who starts checkout; answers the test session id from the checkout URL. */
  async function startCheckout(client: TestClient) {
    const res = await client.post('/api/create-pro-subscription');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, mode: 'test' });
    expect(body.checkoutUrl).toBe(`${TEST_ORIGIN}/test-checkout/${body.sessionId}`);
    return body.sessionId as string;
  }
  async function payingMember() {
    const user = await buildUser(t.db);
    const client = await t.as(user);
    const sessionId = await startCheckout(client);
    const paid = await client.post(`/test-checkout/${sessionId}/pay`, 'cardNumber=4242+4242+4242+4242', form);
    expect(paid.statusCode).toBe(303);
    return { user, client, sessionId };
  }

  it('answers /subscribe (?ui=embedded) with the test session for its test form, no Stripe keys', async () => {
    const client = await t.as(await buildUser(t.db));
    const res = await client.post('/api/create-pro-subscription?ui=embedded');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      mode: 'test',
      sessionId: expect.stringMatching(/^cs_test_/),
      checkoutUrl: `${TEST_ORIGIN}/test-checkout/${body.sessionId}`,
    });
    expect((await client.get(`/test-checkout/${body.sessionId}`)).statusCode).toBe(200);
  });

  it('goes from checkout through the test page and verification to Pro', async () => {
    const user = await buildUser(t.db);
    const client = await t.as(user);
    const sessionId = await startCheckout(client);

    const page = await client.get(`/test-checkout/${sessionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TESTBETALNING');
    expect(page.body).toContain('Betala 99 kr');
    expect(page.body).toContain('>Avbryt</a>');
    expect(page.body).toContain(`href="${TEST_ORIGIN}/subscription?canceled=true"`);

    const paid = await client.post(`/test-checkout/${sessionId}/pay`, 'cardNumber=4242+4242+4242+4242', form);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${TEST_ORIGIN}/payment-success?session_id=${sessionId}&userId=${user.id}`,
    );
    // The in-process events already made the member Pro; verification confirms it, twice.
    expect(await reload(user.id)).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'active' });
    const verified = await client.post('/api/verify-stripe-session', { sessionId });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, membershipUpdated: true });
    expect(verified.json().paymentId).toMatch(/^sub_test_/);
    expect((await client.post('/api/verify-stripe-session', { sessionId })).json()).toMatchObject({
      success: true,
    });
    const subs = await t.db.select().from(testSubscriptions).where(eq(testSubscriptions.userId, user.id));
    expect(subs).toHaveLength(1);
    // Paying again is a no-op that returns to the same page.
    const again = await client.post(`/test-checkout/${sessionId}/pay`, 'cardNumber=4242424242424242', form);
    expect(again.statusCode).toBe(303);
    expect(
      await t.db.select().from(testSubscriptions).where(eq(testSubscriptions.userId, user.id)),
    ).toHaveLength(1);
  });

  it('declines the test card 4000 0000 0000 0002 and changes nothing', async () => {
    const user = await buildUser(t.db);
    const client = await t.as(user);
    const sessionId = await startCheckout(client);
    const res = await client.post(`/test-checkout/${sessionId}/pay`, 'cardNumber=4000+0000+0000+0002', form);
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Kortet nekades. Försök med ett annat kort.');
    expect((await reload(user.id)).membershipType).toBe('free');
    const verified = await client.post('/api/verify-stripe-session', { sessionId });
    expect(verified.json()).toMatchObject({ success: false, membershipUpdated: false });
  });

  it('refuses what cannot be a card number (letters, wrong length, Luhn) and changes nothing', async () => {
    const user = await buildUser(t.db);
    const client = await t.as(user);
    const sessionId = await startCheckout(client);
    for (const card of ['abc', '4242', '4242+4242+4242+4241']) {
      const res = await client.post(`/test-checkout/${sessionId}/pay`, `cardNumber=${card}`, form);
      expect(res.statusCode).toBe(402);
      expect(res.body).toContain('Ange ett giltigt kortnummer (13–19 siffror).');
    }
    expect((await reload(user.id)).membershipType).toBe('free');
    const paid = await client.post(`/test-checkout/${sessionId}/pay`, 'cardNumber=4242-4242-4242-4242', form);
    expect(paid.statusCode).toBe(303);
  });

  it("does not show or pay another member's session, nor a visitor's", async () => {
    const owner = await buildUser(t.db);
    const sessionId = await startCheckout(await t.as(owner));
    const other = await t.as(await buildUser(t.db));
    expect((await other.get(`/test-checkout/${sessionId}`)).statusCode).toBe(404);
    expect(
      (await other.post(`/test-checkout/${sessionId}/pay`, 'cardNumber=4242424242424242', form)).statusCode,
    ).toBe(404);
    expect(
      (await t.anon.post(`/test-checkout/${sessionId}/pay`, 'cardNumber=4242424242424242', form)).statusCode,
    ).toBe(401);
    const visitor = await t.anon.get(`/test-checkout/${sessionId}`);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(
      `/api/login?returnTo=${encodeURIComponent(`/test-checkout/${sessionId}`)}`,
    );
    const foreign = await (await t.as(owner)).post(
      `/test-checkout/${sessionId}/pay`,
      'cardNumber=4242424242424242',
      {
        ...form,
        origin: 'https://evil.example',
      },
    );
    expect(foreign.statusCode).toBe(403);
    expect((await reload(owner.id)).membershipType).toBe('free');
  });

  it('refuses webhooks from outside in test mode', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: {} } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ogiltig signatur' });
  });

  it('renews a subscription when the billing clock passes the period end', async () => {
    const { user } = await payingMember();
    const before = (await reload(user.id)).subscriptionPeriodEnd!;
    const results = await provider().advance(31);
    expect(results.find((r) => r.userId === user.id)?.result).toBe('renewed');
    const after = await reload(user.id);
    expect(after).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'active' });
    // The clock moved 31 days; one renewal added a month: the period end is ahead again.
    expect(after.subscriptionPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
    expect(after.subscriptionPeriodEnd!.getTime()).toBeLessThan(before.getTime());
  });

  it('cancels (still Pro), reactivates, cancels again and becomes free at period end', async () => {
    const { user, client } = await payingMember();
    const cancelled = await client.post('/api/cancel-subscription');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscriptionStatus).toBe('cancel_at_period_end');
    expect((await client.get('/api/subscription-details')).json()).toMatchObject({
      isPro: true,
      cancelAtPeriodEnd: true,
    });
    expect((await client.post('/api/reactivate-subscription')).json().subscriptionStatus).toBe('active');
    expect((await client.post('/api/cancel-subscription')).statusCode).toBe(200);

    await provider().advance(10);
    expect((await reload(user.id)).subscriptionStatus).toBe('cancel_at_period_end');
    const results = await provider().advance(25);
    expect(results.find((r) => r.userId === user.id)?.result).toBe('ended');
    expect(await reload(user.id)).toMatchObject({ membershipType: 'free', subscriptionStatus: 'canceled' });
    expect((await client.get('/api/subscription-details')).json()).toMatchObject({
      hasSubscription: false,
      isPro: false,
    });
    expect((await client.post('/api/reactivate-subscription')).statusCode).toBe(404);
  });

  it('marks a failed renewal past due, and a second failure ends it', async () => {
    const { user } = await payingMember();
    await provider().advance(31, { failRenewal: true });
    expect(await reload(user.id)).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'past_due' });
    await provider().advance(3, { failRenewal: true });
    expect(await reload(user.id)).toMatchObject({ membershipType: 'free', subscriptionStatus: 'canceled' });
    const subs = await t.db.select().from(testSubscriptions).where(eq(testSubscriptions.userId, user.id));
    expect(subs[0].status).toBe('canceled');
  });

  it('moves the clock through POST /api/test-billing/advance only with the token', async () => {
    const { user } = await payingMember();
    const url = '/api/test-billing/advance';
    const body = { days: 31 };
    expect((await t.anon.post(url, body)).statusCode).toBe(403);
    expect((await t.anon.post(url, body, { 'x-billing-clock-token': 'wrong' })).statusCode).toBe(403);
    expect((await reload(user.id)).subscriptionPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    const token = await getOrCreateSecret<string>(t.database, 'billing_clock_token', () => 'unused');
    const bad = await t.anon.post(url, { days: -1 }, { 'x-billing-clock-token': token });
    expect(bad.statusCode).toBe(400);
    const res = await t.anon.post(url, body, { 'x-billing-clock-token': token });
    expect(res.statusCode).toBe(200);
    expect(res.json().find((r: { userId: string }) => r.userId === user.id)?.result).toBe('renewed');
  });

  it('leaves a subscription alone until its period falls due', async () => {
    const { user } = await payingMember();
    const end = (await reload(user.id)).subscriptionPeriodEnd!.getTime();
    const results = await provider().advance(5);
    expect(results.find((r) => r.userId === user.id)?.result).toBe('unchanged');
    expect((await reload(user.id)).subscriptionPeriodEnd!.getTime()).toBe(end - 5 * DAY);
  });
});
