import type { NotificationType } from '@common/notification-types';
import type { Subscriptions } from '../domain-events/domain-events';
import type { RideChangeKind } from '../rides/rides.events';
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
};

/** The notices of 'Samåkning' (issue 30), written in the ride's (or the cancelled event's) transaction. */
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
};
