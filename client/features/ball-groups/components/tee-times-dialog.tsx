import { apiErrorMessage } from '@client/lib/api';
import { toastSuccess } from '@client/lib/toast';
import { TEE_TIME_INTERVAL_MAX_MINUTES } from '@common/limits';
import { msg } from '@common/messages';
import {
  defaultFirstTeeTime,
  distributeTeeTimes,
  TEE_TIME_MODE_LABELS,
  TEE_TIME_MODES,
  type TeeTimeMode,
} from '@common/rules/tee-times';
import { distributeTeeTimesInputSchema } from '@common/schemas/ball-groups';
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { useDistributeTeeTimes } from '../api/ball-groups-api';

/**
 * 'Fördela starttider': the first tee time, the interval and the kind of start; every group in order
 * gets a time and a starting hole. Shows what the groups will get before saving.
 */
export function TeeTimesDialog({
  eventId,
  eventStart,
  groupCount,
  opened,
  onClose,
}: {
  eventId: number;
  /** The event's start (ISO): the first tee time offered. */
  eventStart: string | undefined;
  groupCount: number;
  opened: boolean;
  onClose(): void;
}) {
  const distribute = useDistributeTeeTimes(eventId);
  const [firstTeeTime, setFirstTeeTime] = useState(() => defaultFirstTeeTime(eventStart));
  const [intervalMinutes, setIntervalMinutes] = useState<number | ''>(10);
  const [mode, setMode] = useState<TeeTimeMode>('interval');
  const [error, setError] = useState<string | null>(null);
  // Each opening starts from the event's start (its data may have arrived after the first draw).
  useEffect(() => {
    if (!opened) return;
    setError(null);
    setFirstTeeTime(defaultFirstTeeTime(eventStart));
  }, [opened, eventStart]);

  const input = { firstTeeTime, intervalMinutes: intervalMinutes === '' ? 0 : intervalMinutes, mode };
  const parsed = distributeTeeTimesInputSchema.safeParse(input);
  const slots = parsed.success ? distributeTeeTimes(groupCount, parsed.data) : null;
  const preview = slots?.length
    ? mode === 'shotgun'
      ? `Alla ${groupCount} grupper startar ${firstTeeTime}, på hål 1–${Math.min(groupCount, 18)}.`
      : `Första grupp ${slots[0].teeTime}, sista grupp ${slots[slots.length - 1].teeTime}, alla från hål 1.`
    : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? msg.groupTeeTimeInvalid);
    if (!slots) return setError(msg.teeTimesPastMidnight);
    distribute.mutate(parsed.data, {
      onSuccess: () => {
        onClose();
        toastSuccess(msg.teeTimesDistributed);
      },
      onError: (err) => setError(apiErrorMessage(err) || msg.teeTimesFailed),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={msg.teeTimesDistribute}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SegmentedControl
            aria-label="Typ av start"
            value={mode}
            onChange={(v) => setMode(v as TeeTimeMode)}
            data={TEE_TIME_MODES.map((m) => ({ value: m, label: TEE_TIME_MODE_LABELS[m] }))}
            fullWidth
          />
          <TimeInput
            label="Första starttid"
            value={firstTeeTime}
            onChange={(e) => setFirstTeeTime(e.currentTarget.value)}
            data-autofocus
          />
          {mode === 'interval' ? (
            <NumberInput
              label="Intervall (minuter)"
              value={intervalMinutes}
              onChange={(v) => setIntervalMinutes(typeof v === 'number' ? v : '')}
              min={1}
              max={TEE_TIME_INTERVAL_MAX_MINUTES}
              allowDecimal={false}
              allowNegative={false}
            />
          ) : null}
          {preview ? (
            <Text size="sm" c="dimmed">
              {preview}
            </Text>
          ) : null}
          {error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            Befintliga starttider och starthål ersätts.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Avbryt
            </Button>
            <Button type="submit" loading={distribute.isPending}>
              {msg.teeTimesDistribute}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
