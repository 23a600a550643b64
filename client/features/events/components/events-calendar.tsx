import { type dayjs, inSweden } from '@client/lib/dayjs';
import { myPlaceBadge } from '@common/rules/my-registration';
import type { Event } from '@common/schemas/events';
import type { UpcomingEvent } from '@common/schemas/upcoming-events';
import {
  ActionIcon,
  Anchor,
  Box,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MyPlaceBadge } from './my-place-badge';

const WEEKDAYS = ['mån', 'tis', 'ons', 'tor', 'fre', 'lör', 'sön'];

/**
 * The member's place in a day cell: the badge where the cell is wide enough (from sm), a coloured dot
 * with the same words for screen readers on a phone, where a 50 px cell cannot hold 'Reservlista nr 3'.
 */
function CalendarPlaceMark({ place }: { place: UpcomingEvent }) {
  return (
    <>
      <Box visibleFrom="sm">
        <MyPlaceBadge place={place} size="xs" />
      </Box>
      <Box hiddenFrom="sm" title={myPlaceBadge(place)}>
        <Box
          aria-hidden
          w={8}
          h={8}
          bg={place.status === 'registered' ? 'golf.7' : place.status === 'offered' ? 'grape.7' : 'orange.7'}
          style={{ borderRadius: '50%' }}
        />
        <VisuallyHidden>{myPlaceBadge(place)}</VisuallyHidden>
      </Box>
    </>
  );
}

/** Days of the month grid, from the Monday on or before the 1st to the Sunday on or after the last day. */
function monthGrid(month: dayjs.Dayjs): dayjs.Dayjs[] {
  const first = month.startOf('month');
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const last = month.endOf('month');
  const end = last.add((7 - last.day()) % 7, 'day');
  const days: dayjs.Dayjs[] = [];
  for (let d = start; !d.isAfter(end, 'day'); d = d.add(1, 'day')) days.push(d);
  return days;
}

/**
 * A month calendar of events (decisions: replaces 'coming soon'): Swedish,
 * weeks from Monday, each event on the days it covers, linking to it; the member's own events marked
 * with their place ('Anmäld', 'Reservlista nr 3').
 */
export function EventsCalendar({
  events,
  places = new Map(),
}: {
  events: Event[];
  places?: Map<number, UpcomingEvent>;
}) {
  const [month, setMonth] = useState(() => inSweden(new Date()).startOf('month'));
  const byDay = useMemo(() => {
    const map = new Map<string, Event[]>();
    for (const e of events) {
      const last = inSweden(e.endTime).subtract(1, 'minute');
      for (let d = inSweden(e.startTime).startOf('day'); !d.isAfter(last, 'day'); d = d.add(1, 'day')) {
        const key = d.format('YYYY-MM-DD');
        map.set(key, [...(map.get(key) ?? []), e]);
        if (map.size > 5000) break;
      }
    }
    return map;
  }, [events]);
  const today = inSweden(new Date()).format('YYYY-MM-DD');
  const days = monthGrid(month);
  const label = month.format('MMMM YYYY');

  return (
    <Paper withBorder radius="md" p={{ base: 4, sm: 'md' }}>
      <Group justify="space-between" mb="sm" px={4}>
        <ActionIcon
          variant="subtle"
          aria-label="Föregående månad"
          onClick={() => setMonth((m) => m.subtract(1, 'month'))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Title order={2} fz="lg" tt="capitalize" aria-live="polite">
          {label}
        </Title>
        <ActionIcon
          variant="subtle"
          aria-label="Nästa månad"
          onClick={() => setMonth((m) => m.add(1, 'month'))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      {/* A list of days (each names its date), laid out as a month: the weekday row is only visual. */}
      <SimpleGrid cols={7} spacing={2} verticalSpacing={2} role="list" aria-label={`Kalender ${label}`}>
        {WEEKDAYS.map((w) => (
          <Text key={w} size="xs" fw={600} ta="center" c="dimmed" aria-hidden>
            {w}
          </Text>
        ))}
        {days.map((d) => {
          const key = d.format('YYYY-MM-DD');
          const dayEvents = byDay.get(key) ?? [];
          const outside = d.month() !== month.month();
          return (
            <Box
              key={key}
              role="listitem"
              mih={{ base: 56, sm: 96 }}
              p={{ base: 2, sm: 6 }}
              bg={
                key === today
                  ? 'var(--mantine-primary-color-light)'
                  : outside
                    ? 'var(--mantine-color-gray-1)'
                    : undefined
              }
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 4,
                minWidth: 0,
                overflow: 'hidden',
              }}
            >
              <Text size="xs" fw={key === today ? 700 : 400} c={outside ? 'dimmed' : undefined} aria-hidden>
                {d.date()}
              </Text>
              <VisuallyHidden>{d.format('dddd D MMMM')}</VisuallyHidden>
              <Stack gap={2}>
                {dayEvents.map((e) => {
                  const place = places.get(e.id);
                  return (
                    <Stack key={e.id} gap={1} align="flex-start">
                      <Anchor
                        component={Link}
                        to={`/events/${e.id}`}
                        size="xs"
                        // The darkest green: readable on today's tinted cell and the grey days of other months.
                        c="golf.9"
                        lineClamp={2}
                        title={e.title}
                        fw={place ? 700 : undefined}
                        style={{ overflowWrap: 'anywhere', lineHeight: 1.2 }}
                      >
                        {e.title}
                      </Anchor>
                      {place ? <CalendarPlaceMark place={place} /> : null}
                    </Stack>
                  );
                })}
              </Stack>
            </Box>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
