import { formatDate, formatTime } from '@client/lib/dates';
import { useNow } from '@client/lib/use-now';
import type { Event } from '@common/schemas/events';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const SHOWN = 5;

/** The next events (by start time) with their registered count. */
export function UpcomingEventsCard({ events, loading }: { events: Event[] | undefined; loading: boolean }) {
  const now = useNow();
  const upcoming = (events ?? [])
    .filter((e) => Date.parse(e.startTime) > now)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
    .slice(0, SHOWN);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="admin-upcoming-heading">
      <Title order={2} fz="lg" id="admin-upcoming-heading" mb="sm">
        Kommande evenemang
      </Title>
      {loading ? (
        <Text c="dimmed">Laddar evenemang...</Text>
      ) : upcoming.length === 0 ? (
        <Text c="dimmed">Inga kommande evenemang</Text>
      ) : (
        <Stack gap="sm">
          {upcoming.map((e) => (
            <Group key={e.id} justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/events/${e.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {e.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDate(e.startTime)} {formatTime(e.startTime)} · {e.location}
                </Text>
              </div>
              <Badge variant="light" style={{ flexShrink: 0 }}>
                {e.registeredCount}/{e.maxParticipants}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
