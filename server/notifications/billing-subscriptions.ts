import type { Subscriptions } from '../domain-events/domain-events';
import {
  notifyEventPaymentReceived,
  notifyPaymentReceived,
  notifySubscriptionChange,
} from './billing-notices';

/** Notices for what billing publishes: a change of membership, a Pro invoice's receipt (wired in server/app.ts). */
export const billingSubscriptions: Subscriptions = {
  'membership.changed': (tx, { before, after }) => notifySubscriptionChange(tx, before, after),
  'subscription.paid': (tx, { member, providerEventId }) =>
    notifyPaymentReceived(tx, member, providerEventId),
};

/** Notices for what event-payments publishes: the receipt of an event fee paid online. */
export const eventPaymentSubscriptions: Subscriptions = {
  'event-fee.paid': (tx, fee) =>
    notifyEventPaymentReceived(
      tx,
      { id: fee.registrationId, userId: fee.userId },
      { id: fee.eventId, title: fee.eventTitle },
    ),
};
