import { useAuth } from '@client/features/auth/hooks/use-auth';
import { usePageTitle } from '@client/lib/use-page-title';
import { PRO_PRICE_SEK } from '@common/limits';
import { msg } from '@common/messages';
import { Alert, Button, Card, Container, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { useCreateSubscription } from '../api/billing-api';

/**
 * /subscribe: pay for Pro on this page. In the built-in test payment mode a clearly marked test
 * card form posts to the same test checkout as the hosted page; with Stripe the button continues
 * to Stripe's secure checkout (the embedded Payment Element needs @stripe/stripe-js).
 */
export function SubscribePage() {
  usePageTitle('Prenumerera');
  const { isPro } = useAuth();
  const create = useCreateSubscription();
  const started = useRef(false);
  const { mutate } = create;

  useEffect(() => {
    if (isPro || started.current) return;
    started.current = true;
    mutate();
  }, [isPro, mutate]);

  if (isPro) return <Navigate to="/profile" replace />;
  const session = create.data;

  return (
    <Container size="xs" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Prenumerera på Pro</Title>
          <Text c="dimmed">{PRO_PRICE_SEK} kr per månad · ingen bindningstid</Text>
        </Stack>
        {create.isPending && <Loader aria-label="Laddar betalformuläret" />}
        {create.isError && (
          <Alert color="red" icon={<IconAlertTriangle />} title={msg.subscriptionCreateFailedTitle}>
            {msg.subscriptionCreateFailed}
          </Alert>
        )}
        {session?.mode === 'test' && session.sessionId && (
          <Card withBorder radius="md" padding="lg">
            <form method="post" action={`/test-checkout/${encodeURIComponent(session.sessionId)}/pay`}>
              <Stack>
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
                  name="cardNumber"
                  defaultValue="4242 4242 4242 4242"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  maxLength={23}
                />
                <Button type="submit" size="md">
                  Prenumerera nu
                </Button>
              </Stack>
            </form>
          </Card>
        )}
        {session?.mode === 'stripe' && session.checkoutUrl && (
          <Card withBorder radius="md" padding="lg">
            <Stack>
              <Text size="sm">Du betalar säkert hos Stripe med kort, Apple Pay eller Google Pay.</Text>
              <Button size="md" component="a" href={session.checkoutUrl}>
                Prenumerera nu
              </Button>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
