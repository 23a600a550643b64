import { apiErrorMessage } from '@client/lib/api';
import { formatKr } from '@client/lib/format';
import { toastSuccess } from '@client/lib/toast';
import { displayName } from '@common/rules/display-name';
import { refundable } from '@common/rules/event-payment';
import type { Registration } from '@common/schemas/registrations';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useRefund } from '../../api/participants-admin-api';

/** 'Återbetala': part or all of what a member paid on the site, never more than is left. */
export function RefundDialog({
  eventId,
  registration,
  onClose,
}: {
  eventId: number;
  registration: Registration | null;
  onClose: () => void;
}) {
  const refund = useRefund(eventId);
  const left = registration
    ? refundable({
        amountPaid: registration.amountPaid ?? 0,
        amountRefunded: registration.amountRefunded ?? 0,
      })
    : 0;
  const [amount, setAmount] = useState<number | string>(left);
  useEffect(() => {
    setAmount(left);
    refund.reset();
  }, [left, refund.reset]);
  const name = registration ? displayName(registration.user) : '';
  return (
    <Modal opened={!!registration} onClose={onClose} title={`Återbetala till ${name}`} centered>
      <Stack>
        <Text size="sm">
          Betalt {formatKr(registration?.amountPaid ?? 0)}, återbetalt hittills{' '}
          {formatKr(registration?.amountRefunded ?? 0)}.
        </Text>
        <NumberInput
          label="Belopp (kr)"
          min={1}
          max={left}
          allowDecimal={false}
          value={amount}
          onChange={setAmount}
        />
        {refund.error ? <Alert color="red">{apiErrorMessage(refund.error)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Avbryt
          </Button>
          <Button
            color="red"
            loading={refund.isPending}
            disabled={!registration || left <= 0}
            onClick={() =>
              registration &&
              refund.mutate(
                { id: registration.id, amount: Number(amount) },
                {
                  onSuccess: () => {
                    toastSuccess('Återbetalningen är gjord', `${formatKr(Number(amount))} till ${name}.`);
                    onClose();
                  },
                },
              )
            }
          >
            Återbetala
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
