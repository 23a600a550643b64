import { msg } from '@common/messages';
import { Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconFlag, IconUsersGroup } from '@tabler/icons-react';
import { usePublishedGroups } from '../api/ball-groups-api';
import { formatHandicap } from '../lib/group-labels';

/**
 * 'Din bollgrupp' on the event page: once the groups are published, a registered member sees their
 * group, tee time, starting hole and who they play with. Nothing before publishing or without a group.
 */
export function MyBallGroup({ eventId, userId }: { eventId: number; userId: string }) {
  const groups = usePublishedGroups(eventId, true);
  if (groups.isLoading) return <Skeleton height={120} radius="md" />;
  const mine = groups.data?.find((g) => g.members.some((m) => m.userId === userId));
  if (!mine) return null;
  return (
    <Card withBorder radius="md" padding="lg" aria-labelledby="my-group-heading">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="my-group-heading">
          Din bollgrupp: {mine.name}
        </Title>
        <Group gap="lg">
          <Group gap={6}>
            <IconClock size={18} aria-hidden />
            <Text size="sm">
              {msg.groupTeeTime}: {mine.teeTimeLocal ?? 'meddelas senare'}
            </Text>
          </Group>
          {mine.startingHole ? (
            <Group gap={6}>
              <IconFlag size={18} aria-hidden />
              <Text size="sm">
                {msg.groupStartingHole}: {mine.startingHole}
              </Text>
            </Group>
          ) : null}
        </Group>
        <Group gap={6} align="flex-start" wrap="nowrap">
          <IconUsersGroup size={18} aria-hidden style={{ marginTop: 2 }} />
          <List size="sm" listStyleType="none" spacing={2}>
            {mine.members.map((m) => (
              <List.Item key={m.id}>
                {m.userId === userId ? `${m.name} (du)` : m.name}
                {m.handicap === null ? '' : `, hcp ${formatHandicap(m.handicap)}`}
              </List.Item>
            ))}
          </List>
        </Group>
      </Stack>
    </Card>
  );
}
