import { useAuth } from '@client/features/auth/hooks/use-auth';
import { apiErrorMessage, apiErrorStatus } from '@client/lib/api';
import { formatKr } from '@client/lib/format';
import { returnToHere } from '@client/lib/return-to';
import { usePageTitle } from '@client/lib/use-page-title';
import { CARD_NUMBER_INPUT_MAX, PRO_PRICE_SEK } from '@common/limits';
import { msg } from '@common/messages';
import { cardNumberError } from '@common/rules/card-number';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Container,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useCreateSubscription } from '../api/billing-api';
import { useSetStartImmediately } from '../api/withdrawal-api';
import { subscribeFormOf } from '../lib/subscribe-form';

// Stripe's code is its own chunk, fetched only when the server runs with Stripe keys.
const StripePaymentForm = lazy(() =>
  import('../components/stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })),
);

const formLoader = <Loader aria-label="Laddar betalformuläret" />;

/**
 * /subscribe: pay for Pro on this page. With Stripe, the Payment Element of a Checkout Session
 * (embedded, subscription mode) and 'Prenumerera nu'; in the built-in test payment mode a clearly
 * marked test card form posting to the same test checkout as the hosted page. A Pro member goes
 * to /profile. `?returnTo=` (a same-site path: the event a member came from, issue 27) rides through
 * the checkout to /payment-success, which goes on there; a Pro member goes there at once.
 */
export function SubscribePage() {
  usePageTitle('Prenumerera');
  const { isPro, user } = useAuth();
  const [params] = useSearchParams();
  const returnTo = returnToHere(params.get('returnTo'));
  const create = useCreateSubscription('embedded', returnTo);
  const started = useRef(false);
  const { mutate } = create;
  const [cardNumber, setCardNumber] = useState('4242 4242 4242 4242');
  const [cardError, setCardError] = useState<string | null>(null);
  const startNow = useSetStartImmediately();
  const [startImmediately, setStartImmediately] = useState(false);

  useEffect(() => {
    if (isPro || started.current) return;
    started.current = true;
    mutate();
  }, [isPro, mutate]);

  if (isPro) return <Navigate to={returnTo === '/' ? '/profile' : returnTo} replace />;
  const form = create.data ? subscribeFormOf(create.data) : null;

  return (
    <Container size="xs" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Prenumerera på Pro</Title>
          <Text c="dimmed">{formatKr(PRO_PRICE_SEK)} per månad · ingen bindningstid</Text>
        </Stack>
        {create.isPending && formLoader}
        {(create.isError || form?.kind === 'unavailable') && (
          <Alert color="red" icon={<IconAlertTriangle />} title={msg.subscriptionCreateFailedTitle}>
            {/* 503: payments are not enabled (or the site is briefly down): the server's words, no form. */}
            {apiErrorStatus(create.error) === 503
              ? apiErrorMessage(create.error)
              : msg.subscriptionCreateFailed}
          </Alert>
        )}
        {form && form.kind !== 'unavailable' && (
          <Checkbox
            label={msg.startImmediatelyLabel}
            description="Utan kryss får du hela beloppet tillbaka om du ångrar köpet inom 14 dagar."
            checked={startImmediately}
            onChange={(e) => {
              const next = e.currentTarget.checked;
              // Shown at once; put back if the choice could not be saved.
              setStartImmediately(next);
              startNow.mutate(next, { onError: () => setStartImmediately(!next) });
            }}
            error={startNow.isError ? 'Kunde inte spara valet. Försök igen.' : undefined}
          />
        )}
        {form?.kind === 'test' && (
          <Card withBorder radius="md" padding="lg">
            <form
              method="post"
              action={`/test-checkout/${encodeURIComponent(form.sessionId)}/pay`}
              noValidate
              onSubmit={(e) => {
                // Checked here as a real card form does; the server checks the same rule.
                const error = cardNumberError(cardNumber);
                setCardError(error);
                if (error) e.preventDefault();
              }}
            >
              <Stack>
                {returnTo !== '/' ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
                <Alert
                  color="yellow"
                  variant="light"
                  icon={<IconFlask />}
                  title="Testläge – ingen riktig betalning"
                >
                  Inga pengar dras. Testkort 4242 4242 4242 4242 godkänns, 4000 0000 0000 0002 nekas.
                </Alert>
                <TextInput
                  label="Kortnummer (test)"
                  description="Stripes testkort: 4242 4242 4242 4242 (godkänns), 4000 0000 0000 0002 (nekas)"
                  name="cardNumber"
                  value={cardNumber}
                  onChange={(e) => {
                    setCardNumber(e.currentTarget.value);
                    setCardError(null);
                  }}
                  error={cardError}
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  maxLength={CARD_NUMBER_INPUT_MAX}
                />
                <Button type="submit" size="md">
                  Prenumerera nu
                </Button>
              </Stack>
            </form>
          </Card>
        )}
        {form?.kind === 'stripe' && user && (
          <Card withBorder radius="md" padding="lg">
            <Suspense fallback={formLoader}>
              <StripePaymentForm
                clientSecret={form.clientSecret}
                publishableKey={form.publishableKey}
                userId={user.id}
              />
            </Suspense>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
