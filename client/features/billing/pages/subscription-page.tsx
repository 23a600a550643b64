import { useAuth } from '@client/features/auth/hooks/use-auth';
import { goToLogin } from '@client/features/auth/lib/auth-urls';
import { apiErrorMessage, apiErrorStatus } from '@client/lib/api';
import { formatDate } from '@client/lib/dates';
import { showToast, toastError, toastSuccess } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { msg } from '@common/messages';
import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCreateSubscription, useSubscriptionDetails } from '../api/billing-api';
import { PlanComparison } from '../components/plan-comparison';

/** /subscription: Free versus Pro and the start of checkout (spec §2). */
export function SubscriptionPage() {
  usePageTitle('Pro-medlemskap');
  const { user, isAuthenticated, isPro, isAdmin } = useAuth();
  const details = useSubscriptionDetails(isAuthenticated && isPro && !isAdmin);
  const create = useCreateSubscription();
  const [redirecting, setRedirecting] = useState(false);
  const [params] = useSearchParams();
  const toasted = useRef(false);

  useEffect(() => {
    if (toasted.current) return;
    if (params.get('success')) {
      toasted.current = true;
      toastSuccess('Välkommen som Pro-medlem!', 'Ditt Pro-medlemskap är aktivt.');
    } else if (params.get('canceled')) {
      toasted.current = true;
      showToast({
        color: 'gray',
        title: 'Betalningen avbröts',
        message: 'Inget har dragits. Du kan försöka igen när du vill.',
      });
    }
  }, [params]);

  const start = () => {
    if (!isAuthenticated) return goToLogin('/subscription');
    create.mutate(undefined, {
      onSuccess: (r) => {
        if (!r.checkoutUrl) {
          toastError(msg.checkoutStartFailedTitle, msg.checkoutStartFailed);
          return;
        }
        // At once: the earlier site's 2.3 s wait before the redirect was an artificial one (decisions.md).
        setRedirecting(true);
        window.location.assign(r.checkoutUrl);
      },
      // 503: payments are not enabled (or the site is briefly down): the server's own words.
      onError: (err) =>
        toastError(
          msg.checkoutStartFailedTitle,
          apiErrorStatus(err) === 503 ? apiErrorMessage(err) : msg.checkoutStartFailed,
        ),
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Pro-medlemskap</Title>
          <Text c="dimmed">Jämför Gratis och Pro och bli Pro-medlem för att anmäla dig till evenemang.</Text>
        </Stack>
        {user && isPro ? (
          <Alert color="golf" icon={<IconCrown />} title={msg.alreadyPro}>
            {isAdmin
              ? 'Som admin har du permanent Pro-tillgång.'
              : details.data?.nextBillingDate
                ? `Nästa betalning: ${formatDate(details.data.nextBillingDate)}`
                : details.data?.cancelAt
                  ? `Ditt medlemskap gäller till och med ${formatDate(details.data.cancelAt)}.`
                  : 'Ditt Pro-medlemskap är aktivt.'}
            <Anchor component={Link} to="/profile" display="block" mt="xs" c="golf.9" underline="always">
              Hantera i din profil
            </Anchor>
          </Alert>
        ) : null}
        <PlanComparison />
        {!isPro && (
          <Stack align="center" gap="xs">
            <Button
              size="md"
              leftSection={<IconLock size={18} />}
              onClick={start}
              loading={create.isPending || redirecting}
              w={{ base: '100%', sm: 'auto' }}
            >
              Fortsätt till säker betalning
            </Button>
            {isAuthenticated && (
              <Anchor component={Link} to="/subscribe" size="sm">
                Betala med kort direkt här
              </Anchor>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
