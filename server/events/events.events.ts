import type { EventRow } from './events.presenter';

/**
 * What happens to an event, told to the domains above (issue 31): registrations fill places when the
 * capacity grows, notifications tell the members. Published inside the changing transaction.
 */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /** A new event was saved (its status may be other than upcoming: subscribers decide). */
    'event.published': { event: EventRow };
    /**
     * An event was saved with new values (whatever changed, also to cancelled). A subscriber may refuse
     * the change by throwing (e.g. a capacity below the places taken): the update rolls back.
     */
    'event.changed': { before: EventRow; after: EventRow };
    /** An event was cancelled, or deleted while still ahead (`deleted`: its page is gone). */
    'event.cancelled': { event: EventRow; deleted: boolean };
  }
}
