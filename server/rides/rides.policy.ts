import type { RidePassengerStatus } from '@common/options';

/** The facts the rules of a ride need about the caller. */
export interface RideFacts {
  mine: boolean;
  kind: 'offer' | 'request';
  myStatus: RidePassengerStatus | null;
  full: boolean;
}

/** A member asks for a seat in someone else's offer that is not full and they have not asked in. */
export const canJoinRide = (f: RideFacts): boolean =>
  f.kind === 'offer' && !f.mine && f.myStatus === null && !f.full;
/** A passenger (asked or accepted) can leave. */
export const canLeaveRide = (f: RideFacts): boolean => !f.mine && f.myStatus !== null;
/** Only the owner deletes a ride, and only the driver accepts passengers. */
export const canDeleteRide = (f: RideFacts): boolean => f.mine;
export const canAcceptPassengers = (f: RideFacts): boolean => f.mine && f.kind === 'offer';
/** The ride's conversation: the driver and accepted passengers. */
export const canUseRideChat = (f: RideFacts): boolean =>
  f.kind === 'offer' && (f.mine || f.myStatus === 'accepted');
