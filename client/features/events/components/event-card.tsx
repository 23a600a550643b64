import { formatLongDate, formatTime } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import { formatDayRange, isMultiDay } from '@common/rules/event-kind';
import type { Event } from '@common/schemas/events';
import type { UpcomingEvent } from '@common/schemas/upcoming-events';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconCoin, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AvailabilityBadge } from './availability-badge';
import classes from './event-card.module.css';
import { EventImage } from './event-image';
import { MyPlaceBadge } from './my-place-badge';
import { ProRequiredLink, useProRequired } from './pro-required';

type CardEvent = Pick<
  Event,
  | 'id'
  | 'title'
  | 'startTime'
  | 'location'
  | 'price'
  | 'maxParticipants'
  | 'registeredCount'
  | 'endTime'
  | 'status'
  | 'registrationDeadline'
  | 'registrationOpensAt'
  | 'imageId'
  | 'image'
  | 'imageUrl'
>;

export interface EventCardProps {
  event: CardEvent;
  /** The logged-in member's own place at the event, shown as a badge. */
  myPlace?: UpcomingEvent;
}

function InfoRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
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
 * An event as a card (landing page, member dashboard): image, title, date, place, price, availability.
 * The whole card opens the event (the title's link, event-card.module.css); a free member also gets
 * 'Pro krävs' with the price (issue 27), a member the badge of their own place ('Anmäld', 'Reservlista nr 3').
 */
export function EventCard({ event, myPlace }: EventCardProps) {
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
        {/* In grids of one column, two from sm (48em), three from md on the landing page. */}
        <EventImage event={event} height={170} sizes="(min-width: 48em) 50vw, 100vw" />
      </Card.Section>
      <Stack gap="xs" mt="md" flex={1}>
        <Group gap={6}>
          <AvailabilityBadge event={event} />
          {myPlace ? <MyPlaceBadge place={myPlace} /> : null}
        </Group>
        <Title order={3} fz="lg" lineClamp={2}>
          <Link to={`/events/${event.id}`} className={classes.link}>
            {event.title}
          </Link>
        </Title>
        <InfoRow icon={<IconCalendar size={16} aria-hidden />}>
          {isMultiDay(event)
            ? formatDayRange(event, { year: true })
            : `${formatLongDate(event.startTime)}, ${formatTime(event.startTime)}`}
        </InfoRow>
        <InfoRow icon={<IconMapPin size={16} aria-hidden />}>{event.location}</InfoRow>
        <InfoRow icon={<IconCoin size={16} aria-hidden />}>{formatKr(event.price)}</InfoRow>
        {proRequired ? (
          <ProRequiredLink eventId={event.id} title={event.title} className={classes.above} />
        ) : null}
      </Stack>
      {/* Full events too: their page has the waitlist (issue 18). Drawn as a button; the card is the link. */}
      <Button component="span" aria-hidden mt="md" fullWidth>
        Visa detaljer
      </Button>
    </Card>
  );
}
