import { UnreadMessagesLink } from '@client/features/messages/components/unread-messages-badge';
import { useRealtime } from '@client/features/messages/realtime/use-realtime';
import {
  applyPushedNotification,
  NOTIFICATIONS_KEY,
} from '@client/features/notifications/api/notifications-api';
import { NotificationBell } from '@client/features/notifications/components/notification-bell';
import type { FullUser } from '@common/schemas/users';
import { useQueryClient } from '@tanstack/react-query';
import { UserMenu } from './user-menu';

/**
 * The bell, fed by the realtime socket: a pushed notice shows at once; whenever the server has joined the
 * socket to the member's stream (its first connect and every reconnect) the notices are reloaded, since
 * any sent while it was down, or before the join, were pushed to nobody.
 */
function LiveNotificationBell() {
  const qc = useQueryClient();
  useRealtime((event) => {
    if (event.type === 'notification') applyPushedNotification(qc, event.data);
    if (event.type === 'joined')
      void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }, { cancelRefetch: false });
  });
  return <NotificationBell />;
}

/**
 * The header's right side for a logged-in member: messages (phones), the bell and the user menu. Its own
 * chunk (with the realtime socket, the notices and the menus), so a visitor's first page loads none of it.
 */
export function MemberHeaderActions({ user }: { user: FullUser }) {
  return (
    <>
      <UnreadMessagesLink hiddenFrom="md" />
      <LiveNotificationBell />
      <UserMenu user={user} />
    </>
  );
}
