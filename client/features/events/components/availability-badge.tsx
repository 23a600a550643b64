import {
  AVAILABILITY_LABELS,
  type Availability,
  type AvailabilityFacts,
  eventAvailability,
} from '@common/rules/event-phase';
import { Badge } from '@mantine/core';

const COLORS: Record<Availability, string> = {
  cancelled: 'red',
  past: 'gray',
  ongoing: 'blue',
  not_open: 'gray',
  closed: 'gray',
  full: 'red',
  few: 'orange',
  open: 'golf',
};

/**
 * Where the event stands for someone who wants to join (common/rules/event-phase.ts eventAvailability):
 * 'Öppen för anmälan', 'Få platser kvar', 'Fullbokad – reservlista', 'Anmälan stängd', … Nothing for
 * an event that is over (its phase badge says 'Tidigare').
 */
export function AvailabilityBadge({ event }: { event: AvailabilityFacts }) {
  const availability = eventAvailability(event);
  if (availability === 'past') return null;
  return (
    <Badge color={COLORS[availability]} variant="light">
      {AVAILABILITY_LABELS[availability]}
    </Badge>
  );
}
