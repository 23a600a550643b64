import { availabilityLabel } from '@common/rules/event-phase';
import { Badge } from '@mantine/core';

const COLORS = {
  Fullbokad: 'red',
  'Få platser kvar': 'orange',
  'Öppen för registrering': 'golf',
} as const;

/** 'Fullbokad', 'Få platser kvar' or 'Öppen för registrering' from the real counts (spec §2). */
export function AvailabilityBadge({
  registeredCount,
  maxParticipants,
}: {
  registeredCount: number;
  maxParticipants: number;
}) {
  const label = availabilityLabel(registeredCount, maxParticipants);
  return (
    <Badge color={COLORS[label]} variant="light">
      {label}
    </Badge>
  );
}
