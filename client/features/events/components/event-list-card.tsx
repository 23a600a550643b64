import { formatLongDate, formatTime } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import { calendarDays, formatDayRange, isMultiDay } from '@common/rules/event-kind';
import { durationHours } from '@common/rules/event-phase';
import { participantCountsText } from '@common/rules/participant-counts';
import type { Event } from '@common/schemas/events';
import type { UpcomingEvent } from '@common/schemas/upcoming-events';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconClock, IconCoin, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AvailabilityBadge } from './availability-badge';
import classes from './event-card.module.css';
import { EventImage } from './event-image';
import { MyPlaceBadge } from './my-place-badge';
import { PhaseBadge } from './phase-badge';
import { ProRequiredLink, useProRequired } from './pro-required';

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * An event on the events page (spec §2): image, badges, title, date, place,
 * time range with duration, participants, price and a two-line description; the member's own place
 * ('Anmäld', 'Reservlista nr 3') when `myPlace` is given. The whole card opens the event (the title's
 * link, event-card.module.css); a free member also gets 'Pro krävs' (issue 27).
 */
export function EventListCard({ event, myPlace }: { event: Event; myPlace?: UpcomingEvent }) {
  // A trip shows its days ('11–13 december 2026'), a round its clock ('10:00 – 14:00 (4 h)').
  const multiDay = isMultiDay(event);
  const proRequired = useProRequired(event);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      shadow="xs"
      h="100%"
      component="article"
      className={classes.card}
    >
      <Card.Section>
        {/* The events page's grid: one column, two from sm (48em), three from md (62em). */}
        <EventImage
          event={event}
          height={160}
          sizes="(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw"
        />
      </Card.Section>
      <Stack gap={6} mt="md" flex={1}>
        <Group gap={6}>
          <PhaseBadge event={event} />
          <AvailabilityBadge event={event} />
          {myPlace ? <MyPlaceBadge place={myPlace} /> : null}
        </Group>
        {/* Right under the page's h1 on /events: an h2 (WCAG heading order), drawn as before. */}
        <Title order={2} size="h3" fz="lg" lineClamp={2}>
          <Link to={`/events/${event.id}`} className={classes.link}>
            {event.title}
          </Link>
        </Title>
        <Row icon={<IconCalendar size={16} aria-hidden />}>
          {multiDay ? formatDayRange(event, { year: true }) : formatLongDate(event.startTime)}
        </Row>
        <Row icon={<IconMapPin size={16} aria-hidden />}>{event.location}</Row>
        <Row icon={<IconClock size={16} aria-hidden />}>
          {multiDay
            ? `${calendarDays(event)} dagar, från kl. ${formatTime(event.startTime)}`
            : `${formatTime(event.startTime)} – ${formatTime(event.endTime)} (${durationHours(event)} h)`}
        </Row>
        <Row icon={<IconUsers size={16} aria-hidden />}>
          {participantCountsText(event)} (max {event.maxParticipants})
        </Row>
        <Row icon={<IconCoin size={16} aria-hidden />}>
          {formatKr(event.price)}
          {event.greenFeeIncluded ? ' (inkl. greenfee)' : ''}
        </Row>
        {event.description ? (
          <Text size="sm" lineClamp={2}>
            {event.description}
          </Text>
        ) : null}
        {proRequired ? (
          <ProRequiredLink eventId={event.id} title={event.title} className={classes.above} />
        ) : null}
      </Stack>
      {/* Drawn as a button; the card is the link. */}
      <Button component="span" aria-hidden mt="md" fullWidth variant="light">
        Visa detaljer
      </Button>
    </Card>
  );
}
