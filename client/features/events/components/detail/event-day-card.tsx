import { formatLongDate, formatTime } from '@client/lib/dates';
import { directionsUrl } from '@common/rules/directions';
import { isMultiDay } from '@common/rules/event-kind';
import { teeTimeLine } from '@common/rules/my-registration';
import type { EventDetail } from '@common/schemas/events';
import { Anchor, Group, List, Paper, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconFlag, IconMapPin, IconToolsKitchen2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMyUpcomingEvents } from '../../api/upcoming-events-api';

/** What the event's price includes, from its own fields (spec §5: green fee, coffee/sandwich, lunch). */
function includedItems(event: EventDetail): string[] {
  return [
    event.greenFeeIncluded ? 'Greenfee' : null,
    event.coffeeIncluded ? 'Kaffe/smörgås' : null,
    event.lunchIncluded ? 'Lunch' : null,
  ].filter((x): x is string => x !== null);
}

/**
 * 'Din dag' for a registered member (issue 27), next to the event's date: a directions link to the
 * place (a map service opens in a new tab), what is included, and their tee time and ball group once
 * the groups are published (GET /api/me/upcoming-events, the request the start page shares); `children`
 * below (a golf day's playing handicap and scorecard link).
 */
export function EventDayCard({ event, children }: { event: EventDetail; children?: ReactNode }) {
  const { data } = useMyUpcomingEvents();
  const group = data?.find((u) => u.event.id === event.id)?.group ?? null;
  const directions = directionsUrl(event.location);
  const included = includedItems(event);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="event-day-title">
      <Title order={2} fz="lg" id="event-day-title" mb="xs">
        Din dag
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="xs">
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconFlag size={18} aria-hidden />
          <div>
            <Text size="sm">
              {isMultiDay(event) ? `${formatLongDate(event.startTime)}, ` : ''}Start kl.{' '}
              {formatTime(event.startTime)}
            </Text>
            {group ? (
              <Text size="sm" fw={600}>
                {teeTimeLine(group)}
              </Text>
            ) : null}
          </div>
        </Group>
        {directions ? (
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconMapPin size={18} aria-hidden />
            <Anchor
              href={directions}
              target="_blank"
              rel="noopener"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              Vägbeskrivning till {event.location}
              <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
              <VisuallyHidden> (öppnas i en ny flik)</VisuallyHidden>
            </Anchor>
          </Group>
        ) : null}
        {included.length ? (
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconToolsKitchen2 size={18} aria-hidden />
            <div>
              <Text size="sm">Ingår i priset:</Text>
              <List size="sm" spacing={0}>
                {included.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </div>
          </Group>
        ) : null}
      </SimpleGrid>
      {/* A golf day's playing handicap and scorecard link (issue 29). */}
      {children}
    </Paper>
  );
}
