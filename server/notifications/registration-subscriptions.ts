import type { Subscriptions } from '../domain-events/domain-events';
import { notifyEventPaymentReceived } from './billing-notices';
import { notifyOfferExpired, notifyOffers, notifyPromoted, notifyRegistration } from './event-notices';
import { notifyRoomChanges } from './room-notices';

/** The member's notices of what happens to registrations and the waitlist (issue 31), in their transaction. */
export const registrationNoticeSubscriptions: Subscriptions = {
  'registration.created': (tx, { event, registration, position }) =>
    notifyRegistration(tx, event, registration, position),
  'registration.paid': (tx, { registration, event }) => notifyEventPaymentReceived(tx, registration, event),
  'waitlist.promoted': (tx, { event, userIds }) => notifyPromoted(tx, event, userIds),
  'offer.made': (tx, { event, offers }) => notifyOffers(tx, event, offers),
  'offer.expired': (tx, { event, offers }) => notifyOfferExpired(tx, event, offers),
  'rooms.changed': (tx, { event, changes }) => notifyRoomChanges(tx, event, changes),
};
