import { Card, Divider, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { CalendarFeedCard } from './calendar-feed-card';
import { NotificationPreferencesCard } from './notification-preferences-card';
import { PushDeviceCard } from './push-device-card';

/** The anchor of the section: /profile#notiser. */
export const NOTIFICATIONS_ANCHOR = 'notiser';

/** The profile's 'Notiser' section: choices per type and channel, push on this device, the calendar feed. */
export function NotificationsSection() {
  const location = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  // Arriving at /profile#notiser (e.g. from an e-mail): the router does not scroll to an anchor.
  useEffect(() => {
    if (location.hash === `#${NOTIFICATIONS_ANCHOR}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      id={NOTIFICATIONS_ANCHOR}
      ref={ref}
      aria-labelledby="notiser-rubrik"
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="lg">
        <Title order={2} fz="xl" id="notiser-rubrik">
          Notiser
        </Title>
        <NotificationPreferencesCard />
        <Divider />
        <PushDeviceCard />
        <Divider />
        <CalendarFeedCard />
      </Stack>
    </Card>
  );
}
