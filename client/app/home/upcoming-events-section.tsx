import { useEvents } from '@client/features/events/api/events-query';
import { useMyPlacesByEvent } from '@client/features/events/api/upcoming-events-api';
import { EventCard } from '@client/features/events/components/event-card';
import { upcomingEvents } from '@client/features/events/lib/upcoming-events';
import { Alert, Button, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface UpcomingEventsSectionProps {
  title: string;
  /** How many events (landing 3, dashboard 4). */
  count: number;
  emptyText: string;
  allLabel: string;
  cols: { base: number; sm?: number; md?: number; lg?: number };
}

/** The next few events from GET /api/events as cards, with a link to all events. */
export function UpcomingEventsSection(props: UpcomingEventsSectionProps) {
  const { title, count, emptyText, allLabel, cols } = props;
  const { data, isPending, isError } = useEvents();
  // A member's own places as badges (nothing is asked for a visitor on the landing page).
  const places = useMyPlacesByEvent();
  const events = data ? upcomingEvents(data, count) : [];

  return (
    <section aria-labelledby="upcoming-events-title">
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <Title order={2} id="upcoming-events-title">
          {title}
        </Title>
        <Button component={Link} to="/events" variant="subtle" rightSection={<IconArrowRight size={16} />}>
          {allLabel}
        </Button>
      </Group>
      {isPending ? (
        <SimpleGrid cols={cols}>
          {Array.from({ length: count }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={340} radius="md" />
          ))}
        </SimpleGrid>
      ) : isError ? (
        <Alert color="red" variant="light">
          Kunde inte hämta evenemangen just nu. Försök igen senare.
        </Alert>
      ) : events.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {emptyText}
        </Text>
      ) : (
        <SimpleGrid cols={cols}>
          {events.map((e) => (
            <EventCard key={e.id} event={e} myPlace={places.get(e.id)} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
