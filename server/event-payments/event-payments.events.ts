/** A member's event fee, paid online and recorded on their registration. */
export interface EventFeePaid {
  registrationId: number;
  userId: string;
  eventId: number;
  eventTitle: string;
}

/** What event-payments tells the domains above it (issue 31; see server/domain-events/domain-events.ts). */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /** Published once per payment, in the transaction that records it. */
    'event-fee.paid': EventFeePaid;
  }
}
