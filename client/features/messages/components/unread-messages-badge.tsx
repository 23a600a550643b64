import { useAuth } from '@client/features/auth/hooks/use-auth';
import { ActionIcon, Badge, Indicator } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { catchUpMessages, useRefreshConversations, useUnreadCount } from '../api/messages-api';
import { useRealtime } from '../realtime/use-realtime';

/** The unread count, kept current by pushes (and read again when the socket joins: catchUpMessages). */
function useLiveUnreadCount(): number {
  const { user } = useAuth();
  const qc = useQueryClient();
  const { data } = useUnreadCount(Boolean(user));
  const refresh = useRefreshConversations();
  useRealtime((event) => {
    if (event.type === 'new_message' && !event.data.message.isGroupMessage) void refresh();
    if (event.type === 'messages_read') void refresh();
    if (event.type === 'joined') void catchUpMessages(qc);
  });
  return user ? (data?.count ?? 0) : 0;
}

/** Header badge next to 'Meddelanden': the number of unread messages (nothing when 0). */
export function UnreadMessagesBadge() {
  const count = useLiveUnreadCount();
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      variant="filled"
      ml={6}
      circle={count < 10}
      aria-label={`${count} olästa meddelanden`}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/** Small screens: a messages icon with the unread count, next to the avatar. */
export function UnreadMessagesLink(props: { hiddenFrom?: 'md' }) {
  const count = useLiveUnreadCount();
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={16}
      color="red"
      disabled={count === 0}
      offset={4}
      {...props}
    >
      <ActionIcon
        component={Link}
        to="/messages"
        variant="subtle"
        color="white"
        size="lg"
        aria-label={count ? `Meddelanden, ${count} olästa` : 'Meddelanden'}
      >
        <IconMessages size={22} />
      </ActionIcon>
    </Indicator>
  );
}
