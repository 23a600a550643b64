import { apiErrorMessage } from '@client/lib/api';
import { formatDate } from '@client/lib/dates';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import type { FullUser } from '@common/schemas/users';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCrown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCancelSubscription, useReactivateSubscription, useSubscriptionDetails } from '../api/billing-api';
import { cancelErrorMessage } from '../lib/billing-messages';
import { WithdrawalButton } from './withdrawal-button';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/**
 * The subscription part of the profile side card (spec §2, §8): Pro status, subscription status
 * (Aktiv/Uppsagd), next payment or expiry date, cancel with confirmation, reactivate, upgrade.
 */
export function SubscriptionStatus({ user }: { user: FullUser }) {
  const isAdmin = user.role === 'admin';
  const details = useSubscriptionDetails(!isAdmin);
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [confirmOpen, confirm] = useDisclosure(false);
  const d = details.data;

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (r) => {
        confirm.close();
        toastSuccess(
          'Prenumerationen är uppsagd',
          r.cancelAt
            ? `Du behåller Pro-medlemskapet till och med ${formatDate(r.cancelAt)}.`
            : 'Du behåller Pro-medlemskapet till periodens slut.',
        );
      },
      onError: (err) => {
        confirm.close();
        toastError(msg.cancelFailedTitle, cancelErrorMessage(err));
      },
    });

  const onReactivate = () =>
    reactivate.mutate(undefined, {
      onSuccess: () =>
        toastSuccess('Prenumerationen är återaktiverad', 'Ditt Pro-medlemskap fortsätter som vanligt.'),
      onError: (err) =>
        toastError(msg.reactivateFailedTitle, apiErrorMessage(err, msg.reactivateFailedTitle)),
    });

  return (
    <Stack gap="xs">
      <Row label="Pro-status">
        <Badge color={user.isPro ? 'golf' : 'gray'} variant="light">
          {user.isPro ? 'Aktiv' : 'Gratis'}
        </Badge>
      </Row>
      {isAdmin && (
        <Text size="xs" c="dimmed">
          Som admin har du permanent Pro-tillgång.
        </Text>
      )}
      {!isAdmin && details.isError && (
        <Row label="Prenumeration">
          <Text size="sm" c="red">
            {msg.subscriptionStatusFailed}
          </Text>
        </Row>
      )}
      {!isAdmin && d?.hasSubscription && (
        <>
          <Row label="Prenumeration">
            {d.cancelAtPeriodEnd ? (
              <Badge color="orange" variant="light">
                Uppsagd
              </Badge>
            ) : d.subscriptionStatus === 'past_due' ? (
              <Badge color="red" variant="light">
                Betalning misslyckades
              </Badge>
            ) : (
              <Badge color="golf" variant="light">
                Aktiv
              </Badge>
            )}
          </Row>
          {d.nextBillingDate && (
            <Row label="Nästa betalning">
              <Text size="sm" fw={500}>
                {formatDate(d.nextBillingDate)}
              </Text>
            </Row>
          )}
          {d.cancelAt && (
            <Row label="Giltig till">
              <Text size="sm" fw={500}>
                {formatDate(d.cancelAt)}
              </Text>
            </Row>
          )}
          {d.cancelAtPeriodEnd ? (
            <Button variant="light" size="xs" onClick={onReactivate} loading={reactivate.isPending}>
              Återaktivera prenumeration
            </Button>
          ) : (
            <Button variant="subtle" color="red" size="xs" onClick={confirm.open}>
              Säg upp prenumeration
            </Button>
          )}
        </>
      )}
      {/* Outside the subscription rows: the receipt stays on screen after Pro has ended. */}
      {!isAdmin && <WithdrawalButton />}
      {!user.isPro && (
        <Button
          component={Link}
          to="/subscription"
          leftSection={<IconCrown size={16} />}
          color="yellow"
          size="sm"
        >
          Uppgradera till Pro
        </Button>
      )}
      <Modal opened={confirmOpen} onClose={confirm.close} title="Säg upp prenumeration" centered>
        <Stack>
          <Text size="sm">
            Vill du säga upp din Pro-prenumeration? Du behåller Pro-medlemskapet till periodens slut
            {d?.nextBillingDate ? ` (${formatDate(d.nextBillingDate)})` : ''} och kan återaktivera fram till
            dess.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Behåll prenumerationen
            </Button>
            <Button color="red" onClick={onCancel} loading={cancel.isPending}>
              Ja, säg upp
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
