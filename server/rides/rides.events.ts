/**
 * What happens to rides, told to the domains above (issue 30): notifications writes the notices.
 * `to` are the members to tell; `actorName` who did it.
 */
export type RideChangeKind =
  | 'join_requested'
  | 'accepted'
  | 'declined'
  | 'left'
  | 'deleted'
  | 'event_cancelled'
  // Told without naming anyone or why (a block, a deleted account): the passenger is out of the ride…
  | 'removed'
  // …and the driver has a seat free again.
  | 'seat_freed';

declare module '../domain-events/domain-events' {
  interface DomainEvents {
    'ride.changed': {
      kind: RideChangeKind;
      rideId: number;
      eventId: number;
      eventTitle: string;
      actorName: string;
      to: string[];
    };
    /**
     * A message in a ride's conversation; `to` the other members of it (the driver and accepted
     * passengers) but any blocked either way with the sender; `noticeDelaySeconds` how long their
     * e-mail/push waits (as for 'message.sent').
     */
    'ride.message_sent': {
      rideId: number;
      eventId: number;
      eventTitle: string;
      messageId: number;
      senderId: string;
      content: string;
      to: string[];
      noticeDelaySeconds: number;
    };
  }
}
