import { apiErrorMessage } from '@client/lib/api';
import { formatDate, formatTime } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import { toastError } from '@client/lib/toast';
import { PAYMENT_STATUSES, REGISTRATION_STATUS_LABELS } from '@common/options';
import { displayName } from '@common/rules/display-name';
import { paymentWording } from '@common/rules/payment-wording';
import type { Registration } from '@common/schemas/registrations';
import type { PublicUser } from '@common/schemas/users';
import { Anchor, Badge, Center, Loader, Select, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSetPayment } from '../../api/event-mutations';

const PAYMENT: Record<string, { label: string; color: string }> = {
  paid: { label: 'Betald', color: 'green' },
  refunded: { label: 'Återbetalad', color: 'gray' },
  pending: { label: 'Väntande', color: 'yellow' },
};
/** Any value other than paid or refunded shows as pending (spec §4). */
const payment = (s: string) => PAYMENT[s] ?? PAYMENT.pending;

interface Props {
  eventId: number;
  registrations: Registration[] | undefined;
  loading: boolean;
  isAdmin: boolean;
  onOpenUser: (u: PublicUser) => void;
  /** More actions in an admin's row (e.g. 'Återbetala'). */
  rowActions?: (r: Registration) => ReactNode;
  /** The event's fee: a member's own row says its payment in words ('Att betala 445 kr', issue 27). */
  fee?: { price: number; payOnline: boolean };
}

/** The payment cell: the admins' status badge, or the member's own payment in words; '–' for others' rows. */
function PaymentCell({ r, isAdmin, fee }: { r: Registration; isAdmin: boolean; fee?: Props['fee'] }) {
  if (!r.paymentStatus) return '–';
  if (!isAdmin && fee) {
    return paymentWording(fee, { ...r, paymentStatus: r.paymentStatus })?.label ?? '–';
  }
  const p = payment(r.paymentStatus);
  return (
    <Badge color={p.color} miw="max-content">
      {p.label}
    </Badge>
  );
}

const STATUS_COLOR: Record<Registration['status'], string> = {
  registered: 'green',
  offered: 'teal',
  waitlisted: 'orange',
  cancelled: 'gray',
};

/** The status of a registration; an offer with its expiry, a cancellation with its time and late fee. */
function StatusBadge({ r }: { r: Registration }) {
  const label =
    r.status === 'registered'
      ? 'Anmäld'
      : r.status === 'waitlisted'
        ? 'Reservlista'
        : REGISTRATION_STATUS_LABELS[r.status];
  return (
    <Stack gap={2}>
      <Badge color={STATUS_COLOR[r.status]} variant="light" miw="max-content">
        {label}
      </Badge>
      {r.status === 'offered' && r.offerExpiresAt ? (
        <Text size="xs" c="dimmed">
          Svar senast {formatDate(r.offerExpiresAt)} {formatTime(r.offerExpiresAt)}
        </Text>
      ) : null}
      {r.status === 'cancelled' && r.cancelledAt ? (
        <Text size="xs" c="dimmed">
          {formatDate(r.cancelledAt)} {formatTime(r.cancelledAt)}
          {r.lateCancellation
            ? ` · sen avbokning${r.amountDue ? `, ${formatKr(r.amountDue)}` : ', avgift bortagen'}`
            : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Participants (spec §2): Namn, Ort, Status, Registrerad, Betalning and, for admins, Åtgärder. */
export function ParticipantsTable({
  eventId,
  registrations,
  loading,
  isAdmin,
  onOpenUser,
  rowActions,
  fee,
}: Props) {
  const setPayment = useSetPayment(eventId);
  if (loading) {
    return (
      <Center py="lg">
        <Loader aria-label="Laddar deltagare" />
      </Center>
    );
  }
  if (!registrations?.length) return <Text c="dimmed">Inga deltagare ännu.</Text>;
  return (
    <Table.ScrollContainer minWidth={isAdmin ? 720 : 560}>
      <Table striped highlightOnHover aria-label="Deltagare" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Namn</Table.Th>
            <Table.Th>Ort</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Anmäld</Table.Th>
            <Table.Th>Betalning</Table.Th>
            {isAdmin ? <Table.Th>Åtgärder</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {registrations.map((r) => {
            const name = displayName(r.user);
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component="button" type="button" ta="left" onClick={() => onOpenUser(r.user)}>
                    {name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.user.location ?? '–'}</Table.Td>
                <Table.Td>
                  <StatusBadge r={r} />
                </Table.Td>
                <Table.Td>{formatDate(r.registeredAt)}</Table.Td>
                <Table.Td>
                  {/* Payment is the member's own and the admins' business: null for everyone else. */}
                  <PaymentCell r={r} isAdmin={isAdmin} fee={fee} />
                </Table.Td>
                {isAdmin ? (
                  <Table.Td>
                    <Select
                      aria-label={`Betalningsstatus för ${name}`}
                      size="xs"
                      w={140}
                      allowDeselect={false}
                      value={r.paymentStatus ?? 'pending'}
                      data={PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT[s].label }))}
                      onChange={(v) => {
                        if (!v || v === r.paymentStatus) return;
                        setPayment.mutate(
                          { registrationId: r.id, paymentStatus: v },
                          {
                            onError: (err) =>
                              toastError('Betalstatus kunde inte ändras', apiErrorMessage(err)),
                          },
                        );
                      }}
                    />
                    {rowActions?.(r)}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Admin lists 'Kostpreferenser' and 'Övriga önskemål' from the registrations, each with an empty text. */
export function PrivateNotes({ registrations }: { registrations: Registration[] }) {
  const diet = registrations.filter((r) => r.dietaryPreferences);
  const notes = registrations.filter((r) => r.notes);
  const list = (items: Registration[], pick: (r: Registration) => string | null, empty: string) =>
    items.length ? (
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {items.map((r) => (
          <li key={r.id}>
            <Text size="sm">
              <Text span fw={600}>
                {displayName(r.user)}:
              </Text>{' '}
              {pick(r)}
            </Text>
          </li>
        ))}
      </ul>
    ) : (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <>
      <section aria-labelledby="diet-heading">
        <Text id="diet-heading" fw={700} mt="lg" mb={4}>
          Kostpreferenser
        </Text>
        {list(diet, (r) => r.dietaryPreferences, 'Inga kostpreferenser angivna.')}
      </section>
      <section aria-labelledby="notes-heading">
        <Text id="notes-heading" fw={700} mt="md" mb={4}>
          Övriga önskemål
        </Text>
        {list(notes, (r) => r.notes, 'Inga övriga önskemål angivna.')}
      </section>
    </>
  );
}
