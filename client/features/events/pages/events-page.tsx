import { useAuth } from '@client/features/auth/hooks/use-auth';
import { usePageTitle } from '@client/lib/use-page-title';
import type { EventFilter } from '@common/options';
import type { Event } from '@common/schemas/events';
import type { UpcomingEvent } from '@common/schemas/upcoming-events';
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconList, IconPlus, IconSearch } from '@tabler/icons-react';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useEvents } from '../api/events-query';
import { useMyPlacesByEvent } from '../api/upcoming-events-api';
import { EventListCard } from '../components/event-list-card';
import { countText, filterEvents } from '../lib/filter-events';

const EventsCalendar = lazy(() =>
  import('../components/events-calendar').then((m) => ({ default: m.EventsCalendar })),
);

const FILTERS: { value: EventFilter; label: string }[] = [
  { value: 'upcoming', label: 'Kommande' },
  { value: 'all', label: 'Alla evenemang' },
  { value: 'ongoing', label: 'Pågående' },
  { value: 'past', label: 'Tidigare' },
];

/**
 * The cards. Not parts of their own (ui/hydration-part.tsx): the page is hydrated in short steps anyway, and
 * the tabs around the list update their context right after they mount, which would make React hydrate every
 * card part at once, in one long task (issue 17).
 */
const EventCards = memo(function EventCards({
  events,
  places,
}: {
  events: Event[];
  places: Map<number, UpcomingEvent>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {events.map((e) => (
        <EventListCard key={e.id} event={e} myPlace={places.get(e.id)} />
      ))}
    </SimpleGrid>
  );
});

/** /events: search, status filter, list and month calendar of events (spec §2 'Events page'). */
export function EventsPage() {
  usePageTitle('Evenemang');
  const { isAdmin } = useAuth();
  const { data, isLoading, isError } = useEvents();
  // The member's own places, read apart from the list: the list itself is the same for everyone.
  const places = useMyPlacesByEvent();
  const [q, setQ] = useState('');
  // 'Kommande' first: what a member can still join (issue 18).
  const [filter, setFilter] = useState<EventFilter>('upcoming');
  const [tab, setTab] = useState<string | null>('list');
  const shown = useMemo(() => filterEvents(data ?? [], q, filter), [data, q, filter]);
  const searching = q.trim() !== '' || filter !== 'upcoming';

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>Evenemang</Title>
          {isAdmin ? (
            <Button component={Link} to="/events/new" leftSection={<IconPlus size={16} />}>
              Skapa evenemang
            </Button>
          ) : null}
        </Group>
        <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-end">
          <TextInput
            label="Sök"
            placeholder="Sök på titel, plats eller beskrivning"
            leftSection={<IconSearch size={16} />}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            miw={220}
          />
          {/* The phone's own picker; no dropdown positioning code for a public page to load and run
              (its layout effects made the whole list hydrate in one long task, issue 17). */}
          <NativeSelect
            label="Status"
            data={FILTERS}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value as EventFilter)}
            miw={160}
          />
        </Group>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="list" leftSection={<IconList size={16} />}>
              Lista
            </Tabs.Tab>
            <Tabs.Tab value="calendar" leftSection={<IconCalendarEvent size={16} />}>
              Kalender
            </Tabs.Tab>
          </Tabs.List>
          {isLoading ? (
            <Center py="xl">
              <Loader aria-label="Laddar evenemang" />
            </Center>
          ) : isError ? (
            <Alert color="red" mt="md">
              Kunde inte ladda evenemangen. Försök igen senare.
            </Alert>
          ) : (
            <>
              <Text c="dimmed" mt="md" aria-live="polite">
                {countText(shown.length)}
              </Text>
              <Tabs.Panel value="list" pt="md">
                {shown.length === 0 ? (
                  <Stack align="center" py="xl" gap={4}>
                    <Title order={2} fz="lg">
                      Inga evenemang hittades
                    </Title>
                    <Text c="dimmed" ta="center">
                      {searching
                        ? 'Försök justera din sökning eller ditt filter.'
                        : 'Det finns inga evenemang planerade just nu. Titta in snart igen!'}
                    </Text>
                  </Stack>
                ) : (
                  <EventCards events={shown} places={places} />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="calendar" pt="md">
                {tab === 'calendar' ? (
                  <Suspense
                    fallback={
                      <Center py="xl">
                        <Loader />
                      </Center>
                    }
                  >
                    <EventsCalendar events={shown} places={places} />
                  </Suspense>
                ) : null}
              </Tabs.Panel>
            </>
          )}
        </Tabs>
      </Stack>
    </Container>
  );
}
