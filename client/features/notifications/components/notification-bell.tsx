import type { Notification } from '@common/schemas/notifications';
import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Loader, Popover, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { useMarkNotificationsRead, useRecentNotifications } from '../api/notifications-api';
import { unreadLabel } from '../lib/notification-labels';
import { useOpenNotification } from './use-open-notification';

// The dropdown's list (its dates need dayjs) loads when the bell is first opened: the header is on every
// member page, and loads before a server-rendered one hydrates (issue 33).
const BellList = lazy(() => import('./bell-list').then((m) => ({ default: m.BellList })));

const loading = (
  <Group justify="center" py="lg">
    <Loader size="sm" aria-label="Laddar notiser" />
  </Group>
);

/**
 * The header's bell (logged-in members): the unread count, and a dropdown with the 8 most recent
 * notices, 'Markera alla som lästa' and 'Visa alla'. Kept current by the realtime socket (the
 * layout feeds pushed notices into the query) and on window focus.
 */
export function NotificationBell() {
  const [opened, { close, toggle }] = useDisclosure(false);
  const { data, isLoading, isError } = useRecentNotifications(true);
  const markRead = useMarkNotificationsRead();
  const open = useOpenNotification(close);
  const unread = data?.unread ?? 0;
  const items: Notification[] = data?.items ?? [];
  const dropdown = useRef<HTMLDivElement>(null);

  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? undefined : close())}
      position="bottom-end"
      width="min(24rem, calc(100vw - 16px))"
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      {/* The target is the button itself: the popup's ARIA attributes belong on it, not on the indicator. */}
      <Indicator label={unreadLabel(unread)} size={16} color="red" disabled={unread === 0} offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="white"
            size="lg"
            onClick={toggle}
            aria-label={unread ? `Notiser, ${unread} olästa` : 'Notiser'}
            aria-expanded={opened}
            aria-haspopup="dialog"
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown ref={dropdown} p={0} aria-label="Notiser">
        <Group justify="space-between" px="sm" py="xs" wrap="nowrap" gap="xs">
          <Text fw={700}>Notiser</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            // The button turns disabled at once (the count is cleared before the server answers) and would
            // drop the focus to the page, where Escape no longer closes the dropdown: the focus moves to
            // the dropdown itself first. Moved on the server's answer, Escape in between was lost.
            onClick={() => {
              dropdown.current?.focus();
              markRead.mutate(undefined);
            }}
          >
            Markera alla som lästa
          </Button>
        </Group>
        <Divider />
        <Suspense fallback={loading}>
          <BellList items={items} isLoading={isLoading} isError={isError} onOpen={open} />
        </Suspense>
        <Divider />
        <Group justify="center" py="xs">
          <Anchor component={Link} to="/notifications" size="sm" fw={600} onClick={close}>
            Visa alla
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
