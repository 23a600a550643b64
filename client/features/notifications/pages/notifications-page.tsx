import { usePageTitle } from '@client/lib/use-page-title';
import type { Notification } from '@common/schemas/notifications';
import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useAllNotifications } from '../api/all-notifications-api';
import { useMarkNotificationsRead } from '../api/notifications-api';
import { NotificationItem } from '../components/notification-item';
import classes from '../components/notifications.module.css';
import { useOpenNotification } from '../components/use-open-notification';

/** The loaded pages as one list, each notice once (a new notice shifts the pages while reloading). */
function flatten(pages: { items: Notification[] }[] | undefined): Notification[] {
  const seen = new Set<string>();
  const out: Notification[] = [];
  for (const n of (pages ?? []).flatMap((p) => p.items)) {
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    out.push(n);
  }
  return out;
}

/** /notifications: every notice, newest first, 'Visa fler' for older ones; mark one or all read. */
export function NotificationsPage() {
  usePageTitle('Notiser');
  const list = useAllNotifications();
  const markRead = useMarkNotificationsRead();
  const open = useOpenNotification();
  const items = flatten(list.data?.pages);
  const unread = list.data?.pages[0]?.unread ?? 0;

  return (
    <Container size="sm" py="xl">
      <Group justify="space-between" align="center" mb="lg" gap="sm">
        <div>
          <Title order={1}>Notiser</Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {unread === 0
              ? 'Inga olästa notiser'
              : unread === 1
                ? '1 oläst notis'
                : `${unread} olästa notiser`}
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconCheck size={16} />}
          disabled={unread === 0}
          onClick={() => markRead.mutate(undefined)}
        >
          Markera alla som lästa
        </Button>
      </Group>

      {list.isLoading ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : list.isError ? (
        <Alert color="red" variant="light">
          Notiserna kunde inte hämtas. Försök igen om en stund.
        </Alert>
      ) : items.length === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center">
            Du har inga notiser än. Här samlas besked om dina anmälningar, event och meddelanden.
          </Text>
        </Card>
      ) : (
        <Stack gap="md">
          <Card withBorder padding={4}>
            <ul className={classes.list} aria-label="Alla notiser">
              {items.map((n) => (
                <li key={n.id}>
                  <Group gap={0} wrap="nowrap" align="center">
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <NotificationItem notification={n} onOpen={open} />
                    </div>
                    {!n.readAt && (
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        mx={4}
                        onClick={() => markRead.mutate([n.id])}
                        aria-label={`Markera som läst: ${n.title}`}
                      >
                        Markera läst
                      </Button>
                    )}
                  </Group>
                </li>
              ))}
            </ul>
          </Card>
          {list.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                Visa fler
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Container>
  );
}
