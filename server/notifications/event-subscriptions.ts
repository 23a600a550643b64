import type { Subscriptions } from '../domain-events/domain-events';
import { notifyEventCancelled, notifyEventChanged, notifyEventPublished } from './event-notices';

/**
 * The members' notices of what happens to an event (issue 31), in the event's transaction: a new
 * event to those who opted in, a cancellation, or a new time, place or price (grouped within 30 minutes).
 */
export const eventNoticeSubscriptions: Subscriptions = {
  'event.published': async (tx, { event }) => {
    await notifyEventPublished(tx, event);
  },
  'event.changed': async (tx, { before, after }) => {
    // A cancelled event's members hear of the cancellation (event.cancelled), not of changes to it.
    if (after.status !== 'cancelled') await notifyEventChanged(tx, before, after);
  },
  'event.cancelled': async (tx, { event, deleted }) => {
    await notifyEventCancelled(tx, event, { deleted });
  },
};
