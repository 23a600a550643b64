import { apiErrorMessage } from '@client/lib/api';
import { toastError } from '@client/lib/toast';
import { ATTENDANCE_LABELS, type Attendance } from '@common/options';
import { displayName } from '@common/rules/display-name';
import type { Registration } from '@common/schemas/registrations';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useSetAttendance } from '../../api/participants-admin-api';

/**
 * 'Incheckning': each registered participant as a full-width row with large buttons (at least 48 px) for
 * 'Närvarande' and 'Uteblev', made for a phone at the first tee. Tapping the chosen one again clears it.
 */
export function CheckInList({ eventId, registrations }: { eventId: number; registrations: Registration[] }) {
  const set = useSetAttendance(eventId);
  const registered = registrations.filter((r) => r.status === 'registered');
  const present = registered.filter((r) => r.attendance === 'present').length;
  const choose = (r: Registration, value: Attendance) =>
    set.mutate(
      { id: r.id, attendance: r.attendance === value ? null : value },
      { onError: (err) => toastError('Närvaron kunde inte sparas', apiErrorMessage(err)) },
    );
  return (
    <Stack gap="xs" aria-label="Incheckning">
      <Text fw={600}>
        {present} av {registered.length} incheckade
      </Text>
      {registered.map((r) => {
        const name = displayName(r.user);
        return (
          <Card key={r.id} withBorder padding="sm" radius="md">
            <Stack gap="xs">
              <Text fw={600} size="lg">
                {name}
              </Text>
              <Group grow gap="xs">
                {(['present', 'no_show'] as const).map((value) => (
                  <Button
                    key={value}
                    h={48}
                    size="md"
                    color={value === 'present' ? 'green' : 'red'}
                    variant={r.attendance === value ? 'filled' : 'outline'}
                    aria-pressed={r.attendance === value}
                    aria-label={`${ATTENDANCE_LABELS[value]}: ${name}`}
                    onClick={() => choose(r, value)}
                  >
                    {ATTENDANCE_LABELS[value]}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
