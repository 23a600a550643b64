import { describe, expect, it } from 'vitest';
import { paymentSuccessPath, subscribeFormOf } from './subscribe-form';

describe('subscribeFormOf', () => {
  it('shows the test card form in the test payment mode', () => {
    expect(
      subscribeFormOf({
        success: true,
        mode: 'test',
        sessionId: 'cs_test_1',
        checkoutUrl: 'http://localhost:5000/test-checkout/cs_test_1',
      }),
    ).toEqual({ kind: 'test', sessionId: 'cs_test_1' });
  });

  it("shows Stripe's Payment Element when the answer has the client secret and publishable key", () => {
    expect(
      subscribeFormOf({
        success: true,
        mode: 'stripe',
        sessionId: 'cs_test_2',
        clientSecret: 'cs_test_2_secret_x',
        publishableKey: 'pk_test_x',
      }),
    ).toEqual({ kind: 'stripe', clientSecret: 'cs_test_2_secret_x', publishableKey: 'pk_test_x' });
  });

  it('never loads Stripe without both, nor in the test mode', () => {
    expect(
      subscribeFormOf({ success: true, mode: 'stripe', sessionId: 'cs_3', clientSecret: 'cs_3_secret_x' }),
    ).toEqual({ kind: 'unavailable' });
    expect(
      subscribeFormOf({
        success: true,
        mode: 'stripe',
        checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_4',
      }),
    ).toEqual({ kind: 'unavailable' });
    expect(
      subscribeFormOf({
        success: true,
        mode: 'test',
        sessionId: 'cs_test_5',
        clientSecret: 'x',
        publishableKey: 'pk_test_x',
      }),
    ).toEqual({ kind: 'test', sessionId: 'cs_test_5' });
    expect(subscribeFormOf({ success: true, mode: 'test' })).toEqual({ kind: 'unavailable' });
  });
});

describe('paymentSuccessPath', () => {
  it('is the return address the server gives Stripe, encoded', () => {
    expect(paymentSuccessPath('cs_test_a1', 'user-1')).toBe(
      '/payment-success?session_id=cs_test_a1&userId=user-1',
    );
    expect(paymentSuccessPath('cs_1', 'a&b c')).toBe('/payment-success?session_id=cs_1&userId=a%26b+c');
  });
});
