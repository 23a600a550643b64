import { apiErrorMessage } from '@client/lib/api';
import { formatDate } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import { toastError } from '@client/lib/toast';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useWithdraw, useWithdrawalStatus } from '../api/withdrawal-api';

/**
 * 'Ångra köpet' (the right of withdrawal, 14 days from buying Pro online): shown for the whole period,
 * apart from 'Säg upp prenumeration'. Step one is the dialog with what happens and the refund; its
 * button 'Ångra köpet här' is step two. Afterwards the dialog shows the receipt's facts.
 */
export function WithdrawalButton() {
  const status = useWithdrawalStatus();
  const withdraw = useWithdraw();
  const [opened, { open, close }] = useDisclosure(false);
  const [done, setDone] = useState<{ refundAmount: number; withdrawnAt: string } | null>(null);
  const s = status.data;
  // Shown for the whole period, and after withdrawing only while the receipt is open.
  if (!s?.eligible && !(done && opened)) return null;

  const confirm = () =>
    withdraw.mutate(undefined, {
      onSuccess: (r) => setDone(r),
      onError: (err) =>
        toastError('Köpet kunde inte ångras', apiErrorMessage(err, 'Försök igen om en stund.')),
    });

  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconArrowBackUp size={14} />} onClick={open}>
        Ångra köpet
      </Button>
      {s?.deadline && !done ? (
        <Text size="xs" c="dimmed">
          Ångerrätt till och med {formatDate(s.deadline)}
        </Text>
      ) : null}
      <Modal opened={opened} onClose={close} title="Ångra köpet av Pro" centered>
        {done ? (
          <Stack>
            <Alert color="golf" title="Köpet är ångrat">
              {formatKr(done.refundAmount)} betalas tillbaka till samma betalsätt. Kvittot har skickats till
              din e-post.
            </Alert>
            <Group justify="flex-end">
              <Button onClick={close}>Stäng</Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Text size="sm">
              Du har rätt att ångra köpet inom 14 dagar
              {s?.deadline ? `, till och med ${formatDate(s.deadline)}` : ''}. Om du ångrar:
            </Text>
            <Text size="sm">
              • Pro-medlemskapet avslutas direkt och du blir Gratis-medlem.
              <br />• Du får tillbaka {formatKr(s?.refundAmount ?? 0)} av betalda{' '}
              {formatKr(s?.amountPaid ?? 0)}.
              <br />• Du får ett kvitto på att du har ångrat köpet via e-post.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Avbryt
              </Button>
              <Button color="red" loading={withdraw.isPending} onClick={confirm}>
                Ångra köpet här
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
