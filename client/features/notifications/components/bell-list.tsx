import type { Notification } from '@common/schemas/notifications';
import { Group, Loader, ScrollArea, Text } from '@mantine/core';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

/** The bell dropdown's scrolling list of the latest notices (a chunk of its own, loaded on first open). */
export function BellList({
  items,
  isLoading,
  isError,
  onOpen,
}: {
  items: Notification[];
  isLoading: boolean;
  isError: boolean;
  onOpen: (n: Notification) => void;
}) {
  return (
    <ScrollArea.Autosize mah="min(18rem, 55dvh)" type="auto">
      {isLoading ? (
        <Group justify="center" py="lg">
          <Loader size="sm" />
        </Group>
      ) : isError ? (
        <Text size="sm" c="dimmed" ta="center" py="lg" px="sm">
          Notiserna kunde inte hämtas.
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg" px="sm">
          Inga notiser än.
        </Text>
      ) : (
        <ul className={classes.list} aria-label="Senaste notiser">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </ScrollArea.Autosize>
  );
}
