import { Badge, Tooltip } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useRealtimeStatus } from '../realtime/use-realtime';

/** A small notice while the realtime connection is down (new messages then arrive on refresh). */
export function ConnectionIndicator() {
  const status = useRealtimeStatus();
  if (status === 'connected') return null;
  return (
    <Tooltip label="Nya meddelanden visas när anslutningen är tillbaka">
      <Badge
        color="gray"
        variant="light"
        size="sm"
        leftSection={<IconPlugConnectedX size={12} aria-hidden />}
        role="status"
      >
        Frånkopplad
      </Badge>
    </Tooltip>
  );
}
