import { phaseBadge } from '@common/rules/event-phase';
import { Badge } from '@mantine/core';

const COLORS = {
  Tidigare: 'gray',
  Idag: 'red',
  'Denna vecka': 'orange',
  'Nästa vecka': 'blue',
  Kommande: 'golf',
} as const;

/** The time phase badge of an event card (spec §2): Tidigare, Idag, Denna vecka, Nästa vecka, Kommande. */
export function PhaseBadge({ event }: { event: { startTime: string; endTime: string } }) {
  const label = phaseBadge(event);
  return (
    <Badge color={COLORS[label]} variant="filled">
      {label}
    </Badge>
  );
}
