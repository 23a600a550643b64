import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import { CLOCK_PATTERN, COURSE_HOLES } from '@common/rules/tee-times';
import type { BallGroup } from '@common/schemas/ball-groups';
import { Button, Group, NumberInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { useUpdateGroupStart } from '../api/ball-groups-api';

/**
 * A group's tee time (Swedish time on the event's day, 'HH:mm') and starting hole (1–18), saved
 * together with their own button; empty fields clear them.
 */
export function TeeTimeField({ eventId, group }: { eventId: number; group: BallGroup }) {
  const save = useUpdateGroupStart(eventId);
  const [clock, setClock] = useState(group.teeTimeLocal ?? '');
  const [hole, setHole] = useState<number | ''>(group.startingHole ?? '');
  const [error, setError] = useState<string | null>(null);
  // The server's values win when they change (a save here, 'Fördela starttider'). The field stays
  // mounted: a remount would drop the save's toast.
  useEffect(() => {
    setClock(group.teeTimeLocal ?? '');
    setHole(group.startingHole ?? '');
  }, [group.teeTimeLocal, group.startingHole]);
  const changed = clock !== (group.teeTimeLocal ?? '') || hole !== (group.startingHole ?? '');

  const submit = () => {
    if (clock && !CLOCK_PATTERN.test(clock)) return setError(msg.groupTeeTimeInvalid);
    setError(null);
    save.mutate(
      { groupId: group.id, teeTime: clock || null, startingHole: hole === '' ? null : hole },
      {
        onSuccess: () => toastSuccess(msg.groupTeeTimeSaved),
        onError: (err) => toastError(msg.groupTeeTimeFailed, apiErrorMessage(err)),
      },
    );
  };
  return (
    <Group align="end" gap="xs" mb="md" wrap="wrap">
      <TimeInput
        label={`${msg.groupTeeTime} för ${group.name}`}
        value={clock}
        onChange={(e) => setClock(e.currentTarget.value)}
        error={error}
        w={170}
      />
      <NumberInput
        label={`${msg.groupStartingHole} för ${group.name}`}
        value={hole}
        onChange={(v) => setHole(typeof v === 'number' ? v : '')}
        min={1}
        max={COURSE_HOLES}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        w={170}
      />
      <Button variant="default" onClick={submit} disabled={!changed} loading={save.isPending}>
        Spara starttid
      </Button>
    </Group>
  );
}
