import type { EventRow } from '../events/events.presenter';
import type { EventNotificationRow, RegistrationRow } from './registrations.queries';

/** The event facts the notices of a registration name (a row locked by the publisher). */
export type RegistrationEvent = Pick<EventRow, 'id' | 'title'> &
  Partial<Pick<EventRow, 'location' | 'startTime' | 'endTime'>>;

/**
 * What happens to registrations and the waitlist, told to the domains above (issue 31): notifications
 * write the member's notice, realtime pushes the live ones. Published inside the changing transaction.
 */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /** A member registered (`registered`) or joined the waitlist at `position` (1-based; else null). */
    'registration.created': {
      event: Pick<EventRow, 'id' | 'title' | 'location' | 'startTime' | 'endTime'>;
      registration: RegistrationRow;
      position: number | null;
    };
    /** An admin marked a registration paid (from another payment status). */
    'registration.paid': { registration: RegistrationRow; event: Pick<EventRow, 'id' | 'title'> };
    /**
     * Members moved up from the waitlist (auto mode) or accepted an offer: now registered. `notices`
     * are the event_notifications rows written for the live notice (none for an accepted offer).
     */
    'waitlist.promoted': { event: RegistrationEvent; userIds: string[]; notices: EventNotificationRow[] };
    /** Members at the front of the waitlist were offered a place until their `offerExpiresAt`. */
    'offer.made': { event: RegistrationEvent; offers: RegistrationRow[] };
    /** Offers that passed unanswered; their places go to the next in line. */
    'offer.expired': { event: RegistrationEvent; offers: RegistrationRow[] };
    /**
     * The organiser changed a trip's rooms after publishing them: the members whose room-mates changed,
     * each with their room-mates' names now (empty: a room of their own; null: no room any more).
     */
    'rooms.changed': {
      event: Pick<EventRow, 'id' | 'title'>;
      changes: { userId: string; roomMates: string[] | null }[];
    };
  }
}
