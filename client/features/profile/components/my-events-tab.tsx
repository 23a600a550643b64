import { useStartCheckout } from '@client/features/events/api/my-registration-api';
import { apiErrorMessage } from '@client/lib/api';
import { formatLongDate, formatTime } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import { useNow } from '@client/lib/use-now';
import { formatDayRange, isMultiDay } from '@common/rules/event-kind';
import { hasEnded } from '@common/rules/event-phase';
import { type PaymentWording, paymentWording } from '@common/rules/payment-wording';
import type { UserRegistration } from '@common/schemas/registrations';
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendar, IconClock, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUserRegistrations } from '../api/profile-api';

const WORDING_COLOR: Record<PaymentWording['kind'], string> = {
  due: 'orange.9',
  on_site: 'dark',
  paid: 'green.9',
  refunded: 'dark',
};

/**
 * The place's payment in words (issue 27): 'Att betala 445 kr' with 'Betala nu' when the fee is paid on
 * the site, 'Betalas på plats, 445 kr', 'Betald 445 kr', 'Återbetald'; nothing while in the queue.
 */
function PaymentLine({ r }: { r: UserRegistration }) {
  const checkout = useStartCheckout(r.eventId);
  const wording = paymentWording(r.event, r);
  if (!wording) return null;
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Text size="sm" fw={700} c={WORDING_COLOR[wording.kind]}>
          {wording.label}
        </Text>
        {wording.kind === 'due' && r.canPay ? (
          <Button size="xs" loading={checkout.isPending} onClick={() => checkout.mutate()}>
            Betala nu
          </Button>
        ) : null}
      </Group>
      {checkout.error ? (
        <Text size="sm" c="red.9">
          {apiErrorMessage(checkout.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

function RegistrationCard({ r }: { r: UserRegistration }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group gap={6} c="dimmed">
          <IconCalendar size={16} />
          {isMultiDay(r.event) ? (
            <Text size="sm">{formatDayRange(r.event, { year: true })}</Text>
          ) : (
            <>
              <Text size="sm">{formatLongDate(r.event.startTime)}</Text>
              <IconClock size={16} />
              <Text size="sm">
                {formatTime(r.event.startTime)}–{formatTime(r.event.endTime)}
              </Text>
            </>
          )}
        </Group>
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {r.event.title}
        </Title>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconMapPin size={16} />
          <Text size="sm">{r.event.location}</Text>
        </Group>
        <PaymentLine r={r} />
        <Group gap="xs">
          {r.status === 'waitlisted' && (
            <Badge color="orange" variant="light">
              På reservlistan
            </Badge>
          )}
          {r.status === 'offered' && (
            <Badge color="teal" variant="light">
              Erbjuden plats
            </Badge>
          )}
          {r.status === 'cancelled' && (
            <Badge color="gray" variant="light">
              Avbokad
            </Badge>
          )}
        </Group>
        {r.status === 'offered' && r.offerExpiresAt ? (
          <Text size="sm" fw={600} c="teal.9">
            En plats är ledig för dig – svara senast {formatLongDate(r.offerExpiresAt)} kl.{' '}
            {formatTime(r.offerExpiresAt)}.
          </Text>
        ) : null}
        {r.amountDue > 0 ? (
          <Text size="sm" fw={600} c="red.9">
            Att betala: {formatKr(r.amountDue)}
            {r.lateCancellation ? ' (sen avbokning)' : ''}
          </Text>
        ) : null}
        {r.group ? null : <Text size="sm">Bollgrupperna är inte klara än</Text>}
        {r.group ? (
          <Text size="sm" fw={500}>
            {[
              r.group.name,
              r.group.teeTimeLocal ? `Starttid ${r.group.teeTimeLocal}` : null,
              r.group.startingHole ? `Hål ${r.group.startingHole}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
        <Button component={Link} to={`/events/${r.eventId}`} variant="light" w="fit-content">
          Visa detaljer
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Splits registrations: upcoming (registered, or cancelled late with a fee due), waitlisted (and
 * offered), past (event ended), each by start time.
 */
export function splitRegistrations(list: UserRegistration[], now = new Date()) {
  const byStart = [...list].sort((a, b) => Date.parse(a.event.startTime) - Date.parse(b.event.startTime));
  const past = byStart.filter((r) => hasEnded(r.event, now)).reverse();
  const open = byStart.filter((r) => !hasEnded(r.event, now));
  return {
    // A late cancellation with a fee stays in view until the fee is paid or waived.
    upcoming: open.filter((r) => r.status === 'registered' || (r.status === 'cancelled' && r.amountDue > 0)),
    // An offer is still the waitlist's until it is answered.
    waitlisted: open.filter((r) => r.status === 'waitlisted' || r.status === 'offered'),
    past,
  };
}

function List({ items, empty }: { items: UserRegistration[]; empty: string }) {
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="sm">
      {items.map((r) => (
        <RegistrationCard key={r.id} r={r} />
      ))}
    </Stack>
  );
}

/** Tab 'Mina evenemang': Upcoming, Waitlisted and Past with their counts (spec §2 'Profile'). */
export function MyEventsTab({ userId }: { userId: string }) {
  const query = useUserRegistrations(userId);
  const now = useNow();
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Laddar evenemang" />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" title="Kunde inte hämta dina evenemang">
        {apiErrorMessage(query.error)}
      </Alert>
    );
  const { upcoming, waitlisted, past } = splitRegistrations(query.data, new Date(now));
  return (
    <Tabs defaultValue="upcoming" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="upcoming">Kommande ({upcoming.length})</Tabs.Tab>
        <Tabs.Tab value="waitlisted">Reservlista ({waitlisted.length})</Tabs.Tab>
        <Tabs.Tab value="past">Tidigare ({past.length})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="upcoming">
        <List items={upcoming} empty="Inga kommande evenemang" />
      </Tabs.Panel>
      <Tabs.Panel value="waitlisted">
        <List items={waitlisted} empty="Inga evenemang på reservlistan" />
      </Tabs.Panel>
      <Tabs.Panel value="past">
        <List items={past} empty="Inga tidigare evenemang" />
      </Tabs.Panel>
    </Tabs>
  );
}
