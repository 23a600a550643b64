import { useNow } from '@client/lib/use-now';
import type { Activity } from '@common/schemas/admin';
import { Anchor, Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { activityLead, activityText, activityTime } from '../lib/dashboard-format';

/** Recent member activity (registrations, payments, profile updates, new members), newest first. */
export function RecentActivity({ activity }: { activity: Activity[] }) {
  const now = useNow();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="activity-heading">
      <Title order={2} fz="lg" id="activity-heading" mb="sm">
        Senaste aktivitet
      </Title>
      {activity.length === 0 ? (
        <Text c="dimmed">Ingen aktivitet än</Text>
      ) : (
        <Stack gap="sm">
          {activity.map((a) => (
            <Group key={a.id} gap="sm" wrap="nowrap" align="flex-start">
              <Avatar src={a.user.profileImage} radius="xl" size="sm" alt="">
                {(a.user.fullName ?? 'U').charAt(0).toUpperCase()}
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {a.eventId && a.eventTitle ? (
                    <>
                      {activityLead(a)}{' '}
                      <Anchor component={Link} to={`/events/${a.eventId}`} size="sm">
                        {a.eventTitle}
                      </Anchor>
                    </>
                  ) : (
                    activityText(a)
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {activityTime(a.timestamp, now)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
