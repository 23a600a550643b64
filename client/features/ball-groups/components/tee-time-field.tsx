import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import type { BallGroup } from '@common/schemas/ball-groups';
import { stockholmDate, stockholmMidnight, stockholmParts } from '@common/time';
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSetTeeTime } from '../api/ball-groups-api';

const pad = (n: number) => String(n).padStart(2, '0');

/** "HH:MM" in Swedish time, or '' when not set. */
function toClock(iso: string | null): string {
  if (!iso) return '';
  const p = stockholmParts(new Date(iso));
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** The instant of a Swedish wall-clock time on the event's day. */
function onEventDay(eventStart: string, clock: string): string {
  const [h, m] = clock.split(':').map(Number);
  const midnight = stockholmMidnight(stockholmDate(new Date(eventStart)));
  return new Date(midnight.getTime() + (h * 60 + m) * 60_000).toISOString();
}

/** A group's tee time on the event's day (Swedish time); saved with its own button. */
export function TeeTimeField({
  eventId,
  eventStart,
  group,
}: {
  eventId: number;
  eventStart: string;
  group: BallGroup;
}) {
  const save = useSetTeeTime(eventId);
  const [clock, setClock] = useState(toClock(group.teeTime));
  const changed = clock !== toClock(group.teeTime);
  const submit = () =>
    save.mutate(
      { groupId: group.id, teeTime: clock ? onEventDay(eventStart, clock) : null },
      {
        onSuccess: () => toastSuccess(msg.groupTeeTimeSaved),
        onError: (err) => toastError(msg.groupTeeTimeFailed, apiErrorMessage(err)),
      },
    );
  return (
    <Group align="end" gap="xs">
      <TextInput
        type="time"
        label={`${msg.groupTeeTime} för ${group.name}`}
        value={clock}
        onChange={(e) => setClock(e.currentTarget.value)}
        w={200}
      />
      <Button variant="default" onClick={submit} disabled={!changed} loading={save.isPending}>
        Spara starttid
      </Button>
    </Group>
  );
}
