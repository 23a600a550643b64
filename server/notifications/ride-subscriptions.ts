import type { NotificationType } from '@common/notification-types';
import type { Subscriptions } from '../domain-events/domain-events';
import type { RideChangeKind } from '../rides/rides.events';
import { notifyRideMessage } from './message-notices';
import { createNotifications } from './notifications.create';

type Texts = { type: NotificationType; title: string; body: (actor: string, event: string) => string };

/** The notice of each change to a ride (issue 30), in Swedish. */
const RIDE_NOTICES: Record<RideChangeKind, Texts> = {
  join_requested: {
    type: 'ride_join_request',
    title: 'Någon vill åka med dig',
    body: (a, e) => `${a} vill åka med i din bil till ${e}. Godkänn under Samåkning på evenemangets sida.`,
  },
  accepted: {
    type: 'ride_accepted',
    title: 'Du får åka med',
    body: (a, e) =>
      `${a} har godkänt dig som passagerare till ${e}. Ni kan skriva till varandra under Samåkning.`,
  },
  declined: {
    type: 'ride_changed',
    title: 'Ingen plats i bilen',
    body: (a, e) => `${a} kunde inte ta med dig till ${e}.`,
  },
  left: {
    type: 'ride_changed',
    title: 'En passagerare har lämnat',
    body: (a, e) => `${a} åker inte längre med i din bil till ${e}.`,
  },
  deleted: {
    type: 'ride_changed',
    title: 'Samåkningen är borttagen',
    body: (a, e) => `${a} har tagit bort sin samåkning till ${e}.`,
  },
  event_cancelled: {
    type: 'ride_changed',
    title: 'Samåkningen är borttagen',
    body: (_a, e) => `${e} är inställt, så samåkningarna dit är borttagna.`,
  },
  // A block or a deleted account: neutral, naming nobody and no reason.
  removed: {
    type: 'ride_changed',
    title: 'Du är inte längre med i samåkningen',
    body: (_a, e) =>
      `Du är inte längre med i samåkningen till ${e}. Under Samåkning på evenemangets sida kan du hitta en annan.`,
  },
  seat_freed: {
    type: 'ride_changed',
    title: 'En plats är ledig i din bil',
    body: (_a, e) => `En plats i din bil till ${e} är ledig igen.`,
  },
};

/**
 * The notices of 'Samåkning' (issue 30), written in the ride's (or the cancelled event's, the block's, the
 * deleted account's) transaction, and of its conversation's messages.
 */
export const rideNoticeSubscriptions: Subscriptions = {
  'ride.changed': async (tx, { kind, rideId, eventId, eventTitle, actorName, to }) => {
    const t = RIDE_NOTICES[kind];
    await createNotifications(
      tx,
      to.map((userId) => ({
        userId,
        type: t.type,
        title: t.title,
        body: t.body(actorName, eventTitle),
        url: `/events/${eventId}#samakning`,
        data: { eventId, rideId },
      })),
    );
  },
  // A message in the ride's conversation: coalesced like an event's group chat (message-notices.ts).
  'ride.message_sent': async (
    tx,
    { rideId, eventId, eventTitle, messageId, content, to, noticeDelaySeconds },
  ) => {
    await notifyRideMessage(
      tx,
      { id: messageId, rideId, content, to },
      { id: eventId, title: eventTitle },
      noticeDelaySeconds,
    );
  },
};
