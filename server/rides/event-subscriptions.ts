import type { Subscriptions } from '../domain-events/domain-events';
import { removeRidesOfCancelledEvent } from './rides.service';

/** Rides follow their event (issue 30): a cancelled or deleted event's rides are deleted at once. */
export const rideEventSubscriptions: Subscriptions = {
  'event.cancelled': async (tx, { event }) => {
    await removeRidesOfCancelledEvent(tx, event);
  },
};
