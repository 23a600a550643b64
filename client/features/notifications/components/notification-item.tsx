import type { Notification } from '@common/schemas/notifications';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { formatNotificationTime } from '../lib/notification-format';
import classes from './notifications.module.css';

/**
 * One notice as a button: unread ones in bold with a green dot (and 'Oläst' for screen readers); one
 * whose state has ended (`current` false: left the reservlista, an offer answered or past) muted with
 * 'Inte längre aktuell'; `onOpen` marks it read and follows its url.
 */
export function NotificationItem({
  notification: n,
  onOpen,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
}) {
  const unread = !n.readAt;
  const ended = n.current === false;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      data-ended={ended || undefined}
      onClick={() => onOpen(n)}
      aria-label={`${unread ? 'Oläst: ' : ''}${n.title}${ended ? ' (inte längre aktuell)' : ''}`}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} data-unread={unread || undefined} aria-hidden />
        <Box miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={unread ? 700 : 500} c={ended ? 'dimmed' : undefined} className={classes.text}>
            {n.title}
          </Text>
          {n.body && (
            <Text size="sm" c="dimmed" lineClamp={2} className={classes.text}>
              {n.body}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={2}>
            {formatNotificationTime(n.createdAt)}
            {ended ? (
              <Text span size="xs" fw={600} c="dimmed">
                {' · Inte längre aktuell'}
              </Text>
            ) : null}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
