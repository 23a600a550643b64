import { msg } from '@common/messages';
import type { Subscriptions } from '../domain-events/domain-events';
import { ValidationError } from '../errors';
import { promoteFromWaitlist } from './offers.service';
import { countRegistered } from './registrations.queries';

/**
 * How registrations follow a changed event (issue 31: events publish, registrations react): a capacity
 * below the places taken is refused (the throw rolls the update back, the route answers 400); a larger
 * one fills the new places from the waitlist, in the event's transaction, after its lock.
 */
export const registrationEventSubscriptions: Subscriptions = {
  'event.changed': async (tx, { before, after }) => {
    const registered = await countRegistered(tx, after.id);
    if (after.maxParticipants < registered) {
      throw new ValidationError(`${msg.maxBelowRegistered} (${registered})`);
    }
    if (after.maxParticipants > before.maxParticipants) await promoteFromWaitlist(tx, after);
  },
};
