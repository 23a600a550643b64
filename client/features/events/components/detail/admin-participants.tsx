import type { Registration } from '@common/schemas/registrations';
import type { PublicUser } from '@common/schemas/users';
import { Button, Group, Select, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useAllRegistrations } from '../../api/participants-admin-api';
import { CheckInList } from './check-in-list';
import { ParticipantsTable } from './participants-table';
import { RefundDialog } from './refund-dialog';

const FILTERS = [
  { value: 'live', label: 'Alla aktiva' },
  { value: 'registered', label: 'Anmälda' },
  { value: 'offered', label: 'Erbjudna' },
  { value: 'waitlisted', label: 'Reservlista' },
  { value: 'cancelled', label: 'Avbokade' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

/** The admin's participants: by status (the cancelled history too), refunds and check-in at the first tee. */
export function AdminParticipants({
  eventId,
  registrations,
  loading,
  onOpenUser,
}: {
  eventId: number;
  registrations: Registration[] | undefined;
  loading: boolean;
  onOpenUser: (u: PublicUser) => void;
}) {
  const [filter, setFilter] = useState<Filter>('live');
  const [checkIn, setCheckIn] = useState(false);
  const [refunding, setRefunding] = useState<Registration | null>(null);
  const history = useAllRegistrations(eventId, filter === 'cancelled');
  const rows =
    filter === 'cancelled'
      ? history.data?.filter((r) => r.status === 'cancelled')
      : filter === 'live'
        ? registrations
        : registrations?.filter((r) => r.status === filter);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label="Visa"
          data={[...FILTERS]}
          value={filter}
          onChange={(v) => v && setFilter(v as Filter)}
          allowDeselect={false}
          disabled={checkIn}
          w={{ base: '100%', xs: 220 }}
        />
        <Switch
          label="Incheckning"
          checked={checkIn}
          onChange={(e) => setCheckIn(e.currentTarget.checked)}
          size="md"
        />
      </Group>
      {checkIn ? (
        <CheckInList eventId={eventId} registrations={registrations ?? []} />
      ) : (
        <ParticipantsTable
          eventId={eventId}
          registrations={rows}
          loading={loading || (filter === 'cancelled' && history.isLoading)}
          isAdmin
          onOpenUser={onOpenUser}
          rowActions={(r) =>
            // Only a fee paid on the site can be refunded here (one paid at the venue is paid back by hand).
            r.paidOnline && (r.amountPaid ?? 0) > (r.amountRefunded ?? 0) ? (
              <Button size="xs" variant="subtle" color="red" mt={4} onClick={() => setRefunding(r)}>
                Återbetala
              </Button>
            ) : null
          }
        />
      )}
      <RefundDialog eventId={eventId} registration={refunding} onClose={() => setRefunding(null)} />
    </Stack>
  );
}
