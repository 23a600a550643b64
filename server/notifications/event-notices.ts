import { formatKr } from '@common/rules/money';
import { formatStockholmDayTime, SITE_TIME_ZONE } from '@common/time';
import type { Db } from '../db/client';
import type { EventRow } from '../events/events.presenter';
import {
  eventMembersQuery,
  eventPublishedAudienceQuery,
  findOpenChangeWindow,
  rewriteUndelivered,
} from './event-notices.queries';
import {
  announceNotifications,
  createNotifications,
  createNotificationsFor,
  newBatch,
} from './notifications.create';

/** Edits of an event within this time make one `event_changed` notice (its e-mail/push waits until the end). */
export const EVENT_CHANGE_WINDOW_MS = 30 * 60 * 1000;

type EventInfo = Pick<EventRow, 'id' | 'title' | 'location' | 'startTime' | 'endTime'>;

const clock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SITE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});

/** "lördag 6 juni kl. 09:00" in Swedish time. */
export const eventTime = formatStockholmDayTime;

/**
 * The notice of a new registration, in its transaction: `registration_confirmed` (its e-mail carries
 * the event as .ics) or `waitlisted` with the member's place in the queue (`position`).
 */
export async function notifyRegistration(
  tx: Db,
  event: EventInfo,
  registration: { userId: string; status: string },
  position: number | null,
): Promise<void> {
  const url = `/events/${event.id}`;
  if (registration.status === 'registered') {
    await createNotifications(tx, [
      {
        userId: registration.userId,
        type: 'registration_confirmed',
        title: `Anmälan bekräftad: ${event.title}`,
        body: `Du är anmäld till ${event.title} på ${event.location}, ${eventTime(event.startTime)}. Välkommen!`,
        url,
        data: { eventId: event.id, ics: true },
      },
    ]);
    return;
  }
  // The place in the queue comes with the event (registrations compute it, once: queuePosition).
  if (registration.status !== 'waitlisted' || position === null) return;
  await createNotifications(tx, [
    {
      userId: registration.userId,
      type: 'waitlisted',
      title: `Plats ${position} på reservlistan: ${event.title}`,
      body: `${event.title} är fullbokat. Du står som nummer ${position} på reservlistan och får besked så fort en plats blir ledig.`,
      url,
      data: { eventId: event.id, position },
    },
  ]);
}

/** The notices of members moved up from the waitlist, in the promotion's transaction. */
export async function notifyPromoted(
  tx: Db,
  event: Pick<EventRow, 'id' | 'title'> & Partial<EventInfo>,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const when = event.startTime ? `, ${eventTime(event.startTime)}` : '';
  await createNotifications(
    tx,
    userIds.map((userId) => ({
      userId,
      type: 'promoted' as const,
      title: `Du har fått en plats: ${event.title}`,
      body: `En plats blev ledig och du är nu anmäld till ${event.title}${when}. Kan du inte komma? Avboka så att nästa på reservlistan får platsen.`,
      url: `/events/${event.id}`,
      data: { eventId: event.id },
    })),
  );
}

/** `waitlist_offer` to members offered a place, with the time the offer lasts (e-mail and push link to the event). */
export async function notifyOffers(
  tx: Db,
  event: Pick<EventRow, 'id' | 'title'>,
  offers: { userId: string; offerExpiresAt: Date | null }[],
): Promise<void> {
  if (offers.length === 0) return;
  await createNotifications(
    tx,
    offers.map((o) => {
      const until = o.offerExpiresAt ? eventTime(o.offerExpiresAt) : '';
      return {
        userId: o.userId,
        type: 'waitlist_offer' as const,
        title: `En plats är ledig: ${event.title}`,
        body: `Du står först på reservlistan och erbjuds en plats på ${event.title}. Svara senast ${until} – annars går platsen vidare till nästa i kön.`,
        url: `/events/${event.id}`,
        data: { eventId: event.id, offerExpiresAt: o.offerExpiresAt?.toISOString() ?? null },
      };
    }),
  );
}

/** `offer_expired` to members whose offer passed to the next in line unanswered. */
export async function notifyOfferExpired(
  tx: Db,
  event: Pick<EventRow, 'id' | 'title'>,
  offers: { userId: string }[],
): Promise<void> {
  if (offers.length === 0) return;
  await createNotifications(
    tx,
    offers.map((o) => ({
      userId: o.userId,
      type: 'offer_expired' as const,
      title: `Erbjudandet har gått ut: ${event.title}`,
      body: `Du svarade inte i tid, så platsen på ${event.title} har gått vidare till nästa på reservlistan. Du kan anmäla dig igen om du vill stå kvar i kön.`,
      url: `/events/${event.id}`,
      data: { eventId: event.id },
    })),
  );
}

/**
 * `event_cancelled` to the event's registered and waitlisted members, in the cancelling (or deleting)
 * transaction; once per event and member. A deleted event's notice leads to the event list.
 */
export async function notifyEventCancelled(
  tx: Db,
  event: EventInfo,
  o: { deleted?: boolean } = {},
): Promise<number> {
  return createNotificationsFor(tx, eventMembersQuery(event.id), {
    type: 'event_cancelled',
    title: `Inställt: ${event.title}`,
    body: `${event.title} på ${event.location}, ${eventTime(event.startTime)}, är inställt. Din anmälan gäller inte längre.`,
    url: o.deleted ? '/events' : `/events/${event.id}`,
    data: { eventId: event.id, deleted: o.deleted === true },
    dedupeKey: `event_cancelled:${event.id}`,
  });
}

type ChangeFields = Pick<
  EventRow,
  'startTime' | 'endTime' | 'location' | 'price' | 'registrationFee' | 'greenFee'
>;

/** Which of time, place and price differ between two versions of an event ('tid', 'plats', 'pris'). */
export function changedParts(before: ChangeFields, after: ChangeFields): string[] {
  const parts: string[] = [];
  if (
    before.startTime.getTime() !== after.startTime.getTime() ||
    before.endTime.getTime() !== after.endTime.getTime()
  )
    parts.push('tid');
  if (before.location !== after.location) parts.push('plats');
  if (
    Number(before.price) !== Number(after.price) ||
    Number(before.registrationFee) !== Number(after.registrationFee) ||
    Number(before.greenFee ?? 0) !== Number(after.greenFee ?? 0)
  )
    parts.push('pris');
  return parts;
}

const ORDER = ['tid', 'plats', 'pris'];

function changeText(event: EventInfo & ChangeFields, parts: string[]): { title: string; body: string } {
  const sorted = ORDER.filter((p) => parts.includes(p));
  const list = sorted.length > 1 ? `${sorted.slice(0, -1).join(', ')} och ${sorted.at(-1)}` : sorted[0];
  const now: string[] = [];
  if (sorted.includes('tid')) now.push(`${eventTime(event.startTime)}–${clock.format(event.endTime)}`);
  if (sorted.includes('plats')) now.push(event.location);
  if (sorted.includes('pris')) now.push(formatKr(Number(event.price)));
  return {
    title: `Ändrat: ${event.title}`,
    body: `Ny ${list} för ${event.title}. Nu gäller: ${now.join(', ')}.`,
  };
}

/**
 * `event_changed` to registered and waitlisted members when time, place or price changed, in the
 * updating transaction. Edits within EVENT_CHANGE_WINDOW_MS make one notice: the first opens a window
 * (dedupe key `event_changed:{eventId}:{windowStart}`, e-mail/push due at its end); a later edit in
 * it rewrites the still undelivered notices (the changes so far, marked unread again) and adds the
 * notice for members who came since. The in-app notice exists at once.
 */
export async function notifyEventChanged(
  tx: Db,
  before: ChangeFields,
  after: EventInfo & ChangeFields,
  now = new Date(),
): Promise<void> {
  const parts = changedParts(before, after);
  if (parts.length === 0) return;
  const prefix = `event_changed:${after.id}:`;
  const open = await findOpenChangeWindow(tx, prefix, now);
  if (open?.dedupeKey) {
    const before = Array.isArray(open.data.changed) ? (open.data.changed as string[]) : [];
    const all = [...new Set([...before, ...parts])];
    const text = changeText(after, all);
    const data = { eventId: after.id, changed: all };
    // The rewritten notices go to the members' sockets again (one NOTIFY for a large set: data.batch).
    const batch = newBatch();
    const updated = await rewriteUndelivered(tx, open.dedupeKey, {
      title: text.title,
      body: text.body,
      data: { ...data, batch },
    });
    await announceNotifications(tx, updated, batch);
    await createNotificationsFor(tx, eventMembersQuery(after.id), {
      type: 'event_changed',
      ...text,
      url: `/events/${after.id}`,
      data,
      dedupeKey: open.dedupeKey,
      deliverAfter: open.deliverAfter,
    });
    return;
  }
  const text = changeText(after, parts);
  await createNotificationsFor(tx, eventMembersQuery(after.id), {
    type: 'event_changed',
    ...text,
    url: `/events/${after.id}`,
    data: { eventId: after.id, changed: parts },
    dedupeKey: `${prefix}${now.getTime()}`,
    deliverAfter: new Date(now.getTime() + EVENT_CHANGE_WINDOW_MS),
  });
}

/**
 * `event_published` for a new event, in its creating transaction: only to members who switched on
 * e-mail or push for the type (an opt-in type: nobody else gets even an in-app notice).
 */
export async function notifyEventPublished(
  tx: Db,
  event: EventInfo & { status: string; createdBy?: string | null },
): Promise<number> {
  if (event.status !== 'upcoming') return 0;
  return createNotificationsFor(tx, eventPublishedAudienceQuery(event.createdBy ?? null), {
    type: 'event_published',
    title: `Nytt evenemang: ${event.title}`,
    body: `${event.title} på ${event.location}, ${eventTime(event.startTime)}. Anmäl dig på Singelgolf!`,
    url: `/events/${event.id}`,
    data: { eventId: event.id },
    dedupeKey: `event_published:${event.id}`,
  });
}
