import type { LiveRegistrationStatus } from '@common/options';
import { myPlaceBadge } from '@common/rules/my-registration';
import { Badge } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

const COLORS: Record<LiveRegistrationStatus, string> = {
  registered: 'golf',
  waitlisted: 'orange',
  offered: 'grape',
};

/** The member's own place on a card or in the calendar: 'Anmäld', 'Reservlista nr 3', 'Erbjuden plats'. */
export function MyPlaceBadge({
  place,
  size = 'md',
}: {
  place: { status: LiveRegistrationStatus; position: number | null };
  size?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Badge
      color={COLORS[place.status]}
      variant="outline"
      size={size}
      leftSection={place.status === 'registered' ? <IconCircleCheck size={12} aria-hidden /> : null}
      // Never cut: the whole 'Reservlista nr 12' fits a calendar cell on two lines.
      styles={{ label: { overflow: 'visible', whiteSpace: 'normal' } }}
      h="auto"
    >
      {myPlaceBadge(place)}
    </Badge>
  );
}
