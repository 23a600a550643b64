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
  | 'event_cancelled';

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
  }
}
