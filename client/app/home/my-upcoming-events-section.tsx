import { useMyUpcomingEvents } from '@client/features/events/api/upcoming-events-api';
import { MyPlaceBadge } from '@client/features/events/components/my-place-badge';
import { formatDayTime, formatLongDate, formatTime } from '@client/lib/dates';
import { formatDayRange, isMultiDay } from '@common/rules/event-kind';
import { myPlaceStatusText, paymentLine, teeTimeLine } from '@common/rules/my-registration';
import type { UpcomingEvent } from '@common/schemas/upcoming-events';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCalendar, IconCoin, IconFlag, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      {icon}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

const when = (e: UpcomingEvent['event']) =>
  isMultiDay(e)
    ? formatDayRange(e, { year: true })
    : `${formatLongDate(e.startTime)}, ${formatTime(e.startTime)}`;

/** One coming event of the member: when, where, their place, what is left to pay, the tee time. */
function MyEventItem({ item }: { item: UpcomingEvent }) {
  const { event, group } = item;
  const pay = paymentLine(item);
  const status = myPlaceStatusText(item, formatDayTime);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`my-event-${event.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} fz="lg" id={`my-event-${event.id}`} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/events/${event.id}`} inherit c="inherit">
            {event.title}
          </Anchor>
        </Title>
        <MyPlaceBadge place={item} />
      </Group>
      <Stack gap={6} mt="sm">
        <Row icon={<IconCalendar size={16} aria-hidden />}>{when(event)}</Row>
        <Row icon={<IconMapPin size={16} aria-hidden />}>{event.location}</Row>
        {item.status === 'offered' ? (
          <Text size="sm" fw={600} c="grape.8">
            {status} – svara på evenemangets sida.
          </Text>
        ) : null}
        {pay ? <Row icon={<IconCoin size={16} aria-hidden />}>{pay}</Row> : null}
        {group ? <Row icon={<IconFlag size={16} aria-hidden />}>{teeTimeLine(group)}</Row> : null}
      </Stack>
      <Button
        component={Link}
        to={`/events/${event.id}`}
        variant="light"
        mt="md"
        rightSection={<IconArrowRight size={16} />}
        aria-label={`Till evenemanget ${event.title}`}
      >
        Till evenemanget
      </Button>
    </Card>
  );
}

/** 'Dina kommande evenemang' on the member's start page (issue 27), from GET /api/me/upcoming-events. */
export function MyUpcomingEventsSection() {
  const { data, isPending, isError } = useMyUpcomingEvents();
  return (
    <section aria-labelledby="my-upcoming-title">
      <Title order={2} id="my-upcoming-title" mb="md">
        Dina kommande evenemang
      </Title>
      {isPending ? (
        <Skeleton height={160} radius="md" />
      ) : isError ? (
        <Alert color="red" variant="light">
          Kunde inte hämta dina evenemang just nu. Försök igen senare.
        </Alert>
      ) : data.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text>Du är inte anmäld till något kommande evenemang.</Text>
          <Button component={Link} to="/events" mt="md" rightSection={<IconArrowRight size={16} />}>
            Hitta ett evenemang
          </Button>
        </Card>
      ) : (
        <Stack gap="md">
          {data.map((item) => (
            <MyEventItem key={item.registrationId} item={item} />
          ))}
        </Stack>
      )}
    </section>
  );
}
