import { useAuth } from '@client/features/auth/hooks/use-auth';
import { type AvailabilityFacts, eventAvailability } from '@common/rules/event-phase';
import { PRO_PRICE_TEXT } from '@common/rules/pro';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { subscribeUrl } from '../lib/pro-links';

/** Where an event still takes (or will take) registrations: the places a free member is told about Pro. */
const JOINABLE = new Set(['open', 'few', 'full', 'not_open']);

/** True when a logged-in free member looks at an event they could join with Pro. */
export function useProRequired(event: AvailabilityFacts): boolean {
  const { isAuthenticated, isPro } = useAuth();
  return isAuthenticated && !isPro && JOINABLE.has(eventAvailability(event));
}

/**
 * 'Pro krävs – 99 kr/mån' on an event card (issue 27): a link of its own to /subscribe, which comes back
 * to the event once Pro is paid for. Drawn above the card's own link (`className` lifts it), never inside it.
 */
export function ProRequiredLink({
  eventId,
  title,
  className,
}: {
  eventId: number;
  title: string;
  className?: string;
}) {
  return (
    <Anchor
      component={Link}
      to={subscribeUrl(`/events/${eventId}`)}
      className={className}
      size="sm"
      fw={600}
      c="golf.9"
      underline="always"
      aria-label={`Pro krävs – ${PRO_PRICE_TEXT} för ${title}`}
    >
      <Group component="span" gap={4} wrap="nowrap">
        <IconLock size={14} aria-hidden />
        Pro krävs – {PRO_PRICE_TEXT}
      </Group>
    </Anchor>
  );
}

/** The event page's 'Pro krävs' in place of an 'Anmäl dig' that a free member could not use (issue 27). */
export function ProRequiredNotice({ eventId }: { eventId: number }) {
  return (
    <Alert color="golf" variant="light" icon={<IconLock size={18} />} title="Pro krävs">
      <Text size="sm" mb="sm">
        Anmälan till evenemang ingår i Pro-medlemskapet, {PRO_PRICE_TEXT}, utan bindningstid. När du har
        betalat kommer du tillbaka hit och kan anmäla dig.
      </Text>
      <Button component={Link} to={subscribeUrl(`/events/${eventId}`)}>
        Bli Pro – {PRO_PRICE_TEXT}
      </Button>
    </Alert>
  );
}
