import type { Notification } from '@common/schemas/notifications';
import { useNavigate } from 'react-router';
import { useMarkNotificationsRead } from '../api/notifications-api';
import { isSitePath } from '../lib/notification-labels';

/** Opening a notice: marks it read (when unread) and goes to its url. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  return (n: Notification) => {
    if (!n.readAt) markRead.mutate([n.id]);
    after?.();
    if (isSitePath(n.url)) navigate(n.url);
    else if (n.url) window.location.assign(n.url);
  };
}
