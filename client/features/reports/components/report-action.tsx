import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { REPORT_DETAILS_MAX } from '@common/limits';
import { msg } from '@common/messages';
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportTarget } from '@common/options';
import { ActionIcon, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateReport } from '../api/reports-api';

interface Props {
  targetType: ReportTarget;
  targetId: string;
  /** What is reported, in the dialog's title: 'profilen', 'meddelandet', 'bilden'. */
  what: string;
  /** 'icon': a small flag beside a message; 'button': a subtle text button (profiles). */
  variant?: 'icon' | 'button';
  /** After the report is sent (e.g. a reported photo leaves the reporter's gallery). */
  onReported?: () => void;
}

const reasonOptions = REPORT_REASONS.map((r) => ({ value: r, label: REPORT_REASON_LABELS[r] }));

/**
 * 'Rapportera': a dialog with the reason and, optionally, the member's own words; sent to the
 * moderators (POST /api/reports). The member reported is never told who reported.
 */
export function ReportAction({ targetType, targetId, what, variant = 'button', onReported }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useCreateReport();

  const reset = () => {
    setReason(null);
    setDetails('');
    setError(null);
    close();
  };
  const submit = () => {
    if (!reason) return setError('Välj varför du rapporterar');
    if (reason === 'other' && !details.trim()) return setError(msg.reportOtherNeedsDetails);
    report.mutate(
      { targetType, targetId, reason, details: details.trim() || undefined },
      {
        onSuccess: () => {
          reset();
          toastSuccess('Anmälan är skickad', msg.reportReceived);
          onReported?.();
        },
        onError: (err) => toastError(msg.reportFailed, apiErrorMessage(err)),
      },
    );
  };

  return (
    <>
      {variant === 'icon' ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={open}
          aria-label={`${msg.reportAction} ${what}`}
          title={`${msg.reportAction} ${what}`}
        >
          <IconFlag size={14} />
        </ActionIcon>
      ) : (
        <Button variant="subtle" color="gray" leftSection={<IconFlag size={16} />} onClick={open}>
          {msg.reportAction} {what}
        </Button>
      )}
      <Modal opened={opened} onClose={reset} title={`${msg.reportAction} ${what}`} centered>
        <Stack>
          <Text size="sm">
            Anmälan går till våra moderatorer, som granskar den mot villkoren. Den du anmäler får inte veta
            vem som anmälde. Du får ett e-postmeddelande när vi har tagit emot den och när vi har beslutat.
          </Text>
          <Select
            label="Anledning"
            placeholder="Välj anledning"
            data={reasonOptions}
            value={reason}
            onChange={(v) => {
              setReason(v as ReportReason | null);
              setError(null);
            }}
            error={!reason ? error : undefined}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label="Beskriv gärna vad som hänt"
            description={reason === 'other' ? 'Krävs när du väljer Annat' : 'Frivilligt'}
            value={details}
            onChange={(e) => {
              setDetails(e.currentTarget.value);
              setError(null);
            }}
            maxLength={REPORT_DETAILS_MAX}
            autosize
            minRows={3}
            error={reason ? error : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              Avbryt
            </Button>
            <Button color="red" onClick={submit} loading={report.isPending}>
              Skicka anmälan
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
