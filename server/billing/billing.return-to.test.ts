import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../auth/users.queries';
import { buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';
import { type CheckoutRequest, checkoutReturnUrls } from './billing.provider';
import { createProSubscription } from './billing.service';
import { createTestModeProvider } from './billing.test-mode';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const HOSTILE = [
  '//evil.example/x',
  '/\\evil.example',
  'https://evil.example/events/5',
  'javascript:alert(1)',
  '/%5Cevil.example',
  'events/5',
];

/** Issue 27: after paying for Pro the member goes on to the event they came from, never off the site. */
describe('Pro checkout returning to where the member came from', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  describe('checkoutReturnUrls', () => {
    it('adds a same-site path to the success page, encoded', () => {
      const { successUrl } = checkoutReturnUrls(TEST_ORIGIN, 'u1', 'cs_1', '/events/5?tab=chat');
      expect(successUrl).toBe(
        `${TEST_ORIGIN}/payment-success?session_id=cs_1&userId=u1&returnTo=%2Fevents%2F5%3Ftab%3Dchat`,
      );
      // Stripe still finds its placeholder.
      expect(checkoutReturnUrls(TEST_ORIGIN, 'u1', undefined, '/events/5').successUrl).toContain(
        'session_id={CHECKOUT_SESSION_ID}&',
      );
    });

    it.each(HOSTILE)('drops %s', (returnTo) => {
      expect(checkoutReturnUrls(TEST_ORIGIN, 'u1', 'cs_1', returnTo).successUrl).toBe(
        `${TEST_ORIGIN}/payment-success?session_id=cs_1&userId=u1`,
      );
    });

    it('leaves the start page out', () => {
      expect(checkoutReturnUrls(TEST_ORIGIN, 'u1', 'cs_1', '/').successUrl).not.toContain('returnTo');
    });
  });

  it('the checkout a provider is asked for carries the path (Stripe returns there)', async () => {
    const base = createTestModeProvider(t.db, TEST_ORIGIN);
    const asked: CheckoutRequest[] = [];
    const recording = {
      ...base,
      createCheckoutSession: (req: CheckoutRequest) => {
        asked.push(req);
        return base.createCheckoutSession(req);
      },
    };
    const user = (await findUserById(t.db, (await buildUser(t.db)).id))!;
    await createProSubscription(t.db, recording, TEST_ORIGIN, user, true, '/events/8');
    await createProSubscription(t.db, recording, TEST_ORIGIN, user, true, '//evil.example');
    expect(asked[0].successUrl).toMatch(/&returnTo=%2Fevents%2F8$/);
    expect(asked[1].successUrl).not.toContain('returnTo');
    expect(asked[1].successUrl).not.toContain('evil');
  });

  it('POST /api/create-pro-subscription takes returnTo and refuses nothing for a bad one', async () => {
    const client = await t.as(await buildUser(t.db));
    const res = await client.post(
      `/api/create-pro-subscription?ui=embedded&returnTo=${encodeURIComponent('//evil.example')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, mode: 'test' });
  });

  it("the test form's 'Prenumerera nu' goes on to the success page with the event", async () => {
    const user = await buildUser(t.db);
    const client = await t.as(user);
    const { sessionId } = (await client.post('/api/create-pro-subscription?ui=embedded')).json();
    const paid = await client.post(
      `/test-checkout/${sessionId}/pay`,
      `cardNumber=4242424242424242&returnTo=${encodeURIComponent('/events/5')}`,
      form,
    );
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${TEST_ORIGIN}/payment-success?session_id=${sessionId}&userId=${user.id}&returnTo=%2Fevents%2F5`,
    );
  });

  it('a declined card keeps the path in the form to try again', async () => {
    const client = await t.as(await buildUser(t.db));
    const { sessionId } = (await client.post('/api/create-pro-subscription?ui=embedded')).json();
    const declined = await client.post(
      `/test-checkout/${sessionId}/pay`,
      `cardNumber=4000000000000002&returnTo=${encodeURIComponent('/events/5')}`,
      form,
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('<input type="hidden" name="returnTo" value="/events/5">');
    const hostile = await client.post(
      `/test-checkout/${sessionId}/pay`,
      `cardNumber=4000000000000002&returnTo=${encodeURIComponent('//evil.example')}`,
      form,
    );
    expect(hostile.statusCode).toBe(402);
    expect(hostile.body).not.toContain('name="returnTo"');
  });

  it.each(HOSTILE)('the test form never sends the member to %s', async (returnTo) => {
    const user = await buildUser(t.db);
    const client = await t.as(user);
    const { sessionId } = (await client.post('/api/create-pro-subscription?ui=embedded')).json();
    const paid = await client.post(
      `/test-checkout/${sessionId}/pay`,
      `cardNumber=4242424242424242&returnTo=${encodeURIComponent(returnTo)}`,
      form,
    );
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${TEST_ORIGIN}/payment-success?session_id=${sessionId}&userId=${user.id}`,
    );
  });
});
