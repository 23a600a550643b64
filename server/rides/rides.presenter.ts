import { displayName } from '@common/rules/display-name';
import { countyNameOf, type PlaceMatch } from '@common/rules/ride-matching';
import type { Ride, RideMessage } from '@common/schemas/rides';
import {
  canAcceptPassengers,
  canDeleteRide,
  canJoinRide,
  canLeaveRide,
  canUseRideChat,
} from './rides.policy';
import type { RideMemberRow, RidePassengerRow, RideRow } from './rides.queries';

export const presentRideMember = (u: RideMemberRow) => ({ id: u.id, name: displayName(u) });

/**
 * A ride as the caller may see it: the driver sees everyone who asked, an accepted passenger the
 * accepted ones, anyone else no passengers (only how many seats are taken).
 */
export function presentRide(
  ride: RideRow & { owner: RideMemberRow; match: PlaceMatch },
  passengers: (RidePassengerRow & { user: RideMemberRow })[],
  callerId: string,
): Ride {
  const mine = ride.userId === callerId;
  const accepted = passengers.filter((p) => p.status === 'accepted');
  const myStatus = passengers.find((p) => p.userId === callerId)?.status ?? null;
  const full = ride.kind === 'offer' && ride.seats !== null && accepted.length >= ride.seats;
  const facts = { mine, kind: ride.kind, myStatus, full };
  const visible = mine ? passengers : myStatus === 'accepted' ? accepted : [];
  return {
    id: ride.id,
    eventId: ride.eventId,
    kind: ride.kind,
    from: ride.fromPlace,
    county: countyNameOf(ride.fromPlace),
    departAt: ride.departAt.toISOString(),
    seats: ride.seats,
    seatsTaken: accepted.length,
    full,
    note: ride.note,
    owner: presentRideMember(ride.owner),
    mine,
    match: ride.match,
    myStatus,
    passengers: visible.map((p) => ({ user: presentRideMember(p.user), status: p.status })),
    abilities: {
      canJoin: canJoinRide(facts),
      canLeave: canLeaveRide(facts),
      canDelete: canDeleteRide(facts),
      canAccept: canAcceptPassengers(facts),
      canChat: canUseRideChat(facts),
    },
  };
}

export function presentRideMessage(m: {
  id: number;
  content: string;
  sentAt: Date;
  sender: RideMemberRow;
}): RideMessage {
  return {
    id: m.id,
    content: m.content,
    sentAt: m.sentAt.toISOString(),
    sender: presentRideMember(m.sender),
  };
}
