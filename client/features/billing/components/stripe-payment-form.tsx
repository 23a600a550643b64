import { msg } from '@common/messages';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  CheckoutElementsProvider,
  PaymentElement,
  useCheckoutElements,
} from '@stripe/react-stripe-js/checkout';
import type { Appearance } from '@stripe/stripe-js';
// The pure entry point: Stripe.js is fetched from js.stripe.com only when loadStripe is called.
import { loadStripe } from '@stripe/stripe-js/pure';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { paymentSuccessPath } from '../lib/subscribe-form';

/** Stripe's fields in the site's look (Mantine theme: golf green, rounded). */
const appearance: Appearance = {
  theme: 'stripe',
  variables: { colorPrimary: '#207a3b', borderRadius: '8px', fontFamily: 'system-ui, sans-serif' },
};

const paymentElementOptions = { layout: 'tabs' } as const;

interface StripePaymentFormProps {
  /** The Checkout Session's client secret (ui_mode 'elements', subscription mode). */
  clientSecret: string;
  publishableKey: string;
  userId: string;
}

/**
 * /subscribe with Stripe: the Payment Element of the member's Checkout Session and 'Prenumerera nu'.
 * Loaded as its own chunk, and only in Stripe mode, so the rest of the site never loads Stripe.js.
 */
export function StripePaymentForm({ clientSecret, publishableKey, userId }: StripePaymentFormProps) {
  // Called once per mount; CheckoutElementsProvider does not accept a new stripe prop later.
  const [stripe] = useState(() => loadStripe(publishableKey, { locale: 'sv' }));
  const options = useMemo(() => ({ clientSecret, elementsOptions: { appearance } }), [clientSecret]);
  return (
    <CheckoutElementsProvider stripe={stripe} options={options}>
      <PaymentForm userId={userId} />
    </CheckoutElementsProvider>
  );
}

function PaymentForm({ userId }: { userId: string }) {
  const state = useCheckoutElements();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (state.type === 'loading') {
    return (
      <Group gap="sm" aria-busy="true">
        <Loader size="sm" aria-label="Laddar betalformuläret" />
        <Text c="dimmed">Laddar betalformuläret...</Text>
      </Group>
    );
  }
  if (state.type === 'error') {
    // Stripe.js could not be loaded, or the session is expired or unknown.
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={msg.subscriptionCreateFailedTitle}>
        {msg.subscriptionCreateFailed}
      </Alert>
    );
  }
  const { checkout } = state;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setConfirming(true);
    try {
      // Confirms the session; Stripe then sends the browser to the session's return_url,
      // /payment-success?session_id=...&userId=..., where the payment is verified.
      const result = await checkout.confirm();
      if (result.type === 'error') {
        setError(result.error.message);
        setConfirming(false);
      } else {
        window.location.assign(paymentSuccessPath(result.session.id, userId));
      }
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : msg.paymentFailedTitle);
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        {/* Stripe requires the session's total on the page before it confirms. */}
        <Text fw={600}>Att betala idag: {checkout.total.total.amount}</Text>
        <PaymentElement options={paymentElementOptions} />
        {error && (
          <Alert color="red" icon={<IconAlertTriangle />} title={msg.paymentFailedTitle} role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" size="md" loading={confirming} leftSection={<IconLock size={18} />}>
          Prenumerera nu
        </Button>
        <Text size="xs" c="dimmed">
          Kortuppgifterna hanteras av Stripe och når aldrig Singelgolfs servrar.
        </Text>
      </Stack>
    </form>
  );
}
