import { msg } from '@common/messages';
import { ServiceUnavailableError } from '../errors';
import type { BillingProvider } from './billing.provider';

/** 503 'Betalningar är inte aktiverade'. */
export const paymentsDisabled = () => new ServiceUnavailableError(msg.paymentsDisabled);

/** Throws the 503 when payments are off: the start of every checkout (Pro, event fees) calls it first. */
export function requirePayments(
  provider: BillingProvider,
): asserts provider is BillingProvider & { readonly mode: 'stripe' | 'test' } {
  if (provider.mode === 'off') throw paymentsDisabled();
}

/**
 * The provider when payments fail closed (production with neither Stripe keys nor
 * PAYMENTS_TEST_MODE=true): every call throws the 503, so no path (checkout, confirmation, webhook,
 * refund, withdrawal) can grant Pro or mark a fee paid, and no reservation is kept.
 */
export function createDisabledProvider(): BillingProvider {
  const refuse = async (): Promise<never> => {
    throw paymentsDisabled();
  };
  return {
    mode: 'off',
    publishableKey: null,
    createCustomer: refuse,
    createCheckoutSession: refuse,
    retrieveCheckoutSession: refuse,
    createPaymentCheckout: refuse,
    refundPayment: refuse,
    retrieveSubscription: refuse,
    setCancelAtPeriodEnd: refuse,
    latestSubscriptionPayment: refuse,
    cancelNow: refuse,
    parseWebhook: () => {
      throw paymentsDisabled();
    },
  };
}
