import { SectionCard } from '@client/ui/section-card';
import { Divider } from '@mantine/core';
import { CalendarFeedCard } from './calendar-feed-card';
import { NotificationPreferencesCard } from './notification-preferences-card';
import { PushDeviceCard } from './push-device-card';

/** The anchor of the section: /profile#notiser. */
export const NOTIFICATIONS_ANCHOR = 'notiser';

/** The profile's 'Notiser' section: choices per type and channel, push on this device, the calendar feed. */
export function NotificationsSection() {
  return (
    <SectionCard anchor={NOTIFICATIONS_ANCHOR} title="Notiser">
      <NotificationPreferencesCard />
      <Divider />
      <PushDeviceCard />
      <Divider />
      <CalendarFeedCard />
    </SectionCard>
  );
}
