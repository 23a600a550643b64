import { useAuth } from '@client/features/auth/hooks/use-auth';
import { goToLogin } from '@client/features/auth/lib/auth-urls';
import { returnToHere } from '@client/lib/return-to';
import { toastError, toastSuccess } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { msg } from '@common/messages';
import { Button, Card, Container, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useVerifySession } from '../api/billing-api';

type State =
  | { kind: 'pending' }
  | { kind: 'verified'; paymentId: string }
  | { kind: 'failed'; title: string; text: string };

/**
 * /payment-success: verifies the checkout session at once (the earlier site's 2 s wait was an artificial one,
 * decisions.md), then thanks the member (spec §2, §4). With `returnTo` (a same-site path: the event the
 * member came from, issue 27) the thanks are a message and the member is taken straight back there.
 */
export function PaymentSuccessPage() {
  usePageTitle('Betalning');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');
  const returnTo = returnToHere(params.get('returnTo'));
  const { isLoading, isAuthenticated, refetch } = useAuth();
  const verify = useVerifySession();
  const [state, setState] = useState<State>({ kind: 'pending' });
  // One verification per visit of the page.
  const started = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (isLoading || started.current) return;
    if (!isAuthenticated) {
      goToLogin(`/payment-success?${params.toString()}`);
      return;
    }
    started.current = true;
    const fail = (title: string, text: string) => {
      setState({ kind: 'failed', title, text });
      toastError(title, text);
    };
    if (!sessionId) return fail(msg.verifyNotActivatedTitle, msg.verifyNotActivated);
    mutate(sessionId, {
      onSuccess: (r) => {
        if (r.success && r.membershipUpdated) {
          if (returnTo !== '/') {
            toastSuccess('Tack för ditt köp!', 'Ditt Pro-medlemskap är aktivt. Nu kan du anmäla dig.');
            navigate(returnTo, { replace: true });
            return;
          }
          setState({ kind: 'verified', paymentId: r.paymentId ?? sessionId });
          refetch();
        } else fail(msg.verifyNotActivatedTitle, msg.verifyNotActivated);
      },
      onError: () => fail(msg.verifyErrorTitle, msg.verifyError),
    });
  }, [isLoading, isAuthenticated, sessionId, params, mutate, refetch, returnTo, navigate]);

  return (
    <Container size="xs" py="xl">
      <Card withBorder radius="md" padding="xl">
        {state.kind === 'pending' && (
          <Stack align="center" gap="md" role="status">
            <Loader />
            <Title order={1} fz="h3" ta="center">
              Verifierar din betalning...
            </Title>
            <Text c="dimmed" ta="center">
              Vänta ett ögonblick medan vi bekräftar betalningen.
            </Text>
          </Stack>
        )}
        {state.kind === 'verified' && (
          <Stack align="center" gap="md">
            <ThemeIcon size={64} radius="xl" color="golf" variant="light">
              <IconCircleCheck size={40} />
            </ThemeIcon>
            <Title order={1} fz="h2" ta="center">
              Tack för ditt köp!
            </Title>
            <Text ta="center">
              Ditt Pro-medlemskap är nu aktivt. Nu kan du anmäla dig till alla evenemang.
            </Text>
            <Text size="sm" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
              Betalnings-ID: {state.paymentId}
            </Text>
            <Group justify="center">
              <Button component={Link} to="/events">
                Se evenemang
              </Button>
              <Button component={Link} to="/profile" variant="default">
                Gå till profilen
              </Button>
            </Group>
          </Stack>
        )}
        {state.kind === 'failed' && (
          <Stack align="center" gap="md">
            <ThemeIcon size={64} radius="xl" color="red" variant="light">
              <IconCircleX size={40} />
            </ThemeIcon>
            <Title order={1} fz="h2" ta="center">
              {state.title}
            </Title>
            <Text ta="center">{state.text}</Text>
            <Group justify="center">
              <Button component={Link} to="/subscription">
                Tillbaka till Pro-medlemskap
              </Button>
              <Button component={Link} to="/profile" variant="default">
                Gå till profilen
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </Container>
  );
}
