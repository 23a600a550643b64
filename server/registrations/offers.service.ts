import { msg } from '@common/messages';
import { offerExpiry, placesToPromote } from '@common/rules/event-registration';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { ConflictError, NotFoundError } from '../errors';
import type { EventRow } from '../events/events.presenter';
import { lockEvent } from '../events/events.queries';
import {
  cancelExpiredOffers,
  countByStatus,
  type EventNotificationRow,
  earliestWaitlisted,
  eventsWithExpiredOffers,
  findLiveRegistration,
  insertPromotionNotices,
  markOffered,
  markRegistered,
  type RegistrationRow,
  updateRegistration,
  waiveLateCancellationFees,
} from './registrations.queries';

// Where the queue position is computed (once, issue 31); event payments read it from here.
export { queuePosition } from './registrations.queries';
export type { EventNotificationRow };

/** What filling free places changed: members moved up (auto), members offered a place, and live notices. */
export interface Promotion {
  promoted: RegistrationRow[];
  offered: RegistrationRow[];
  notices: EventNotificationRow[];
}

const nothing = (): Promotion => ({ promoted: [], offered: [], notices: [] });

/** The event fields that decide how free places are filled (a row locked with lockEvent). */
export type LockedEvent = Pick<
  EventRow,
  | 'id'
  | 'title'
  | 'maxParticipants'
  | 'status'
  | 'startTime'
  | 'registrationDeadline'
  | 'waitlistMode'
  | 'waitlistOfferHours'
> &
  Partial<Pick<EventRow, 'location' | 'endTime'>>;

const byArrival = (a: RegistrationRow, b: RegistrationRow) =>
  a.registeredAt.getTime() - b.registeredAt.getTime() || a.id - b.id;

/**
 * Fills the free places of an event from the front of its waitlist, as many as `placesToPromote`
 * allows (open offers count as taken places). In `auto` mode the members move up at once (an
 * event_notifications row for the live notice, and `waitlist.promoted`); in `offer` mode each gets an
 * offer until `offerExpiry` (`offer.made`; none after the registration deadline or once the event has
 * started). Every place taken from the waitlist waives one late-cancellation fee (the earliest first).
 * `event` is the row the caller locked in this transaction, after any change to it.
 */
export async function promoteFromWaitlist(tx: Db, event: LockedEvent, now = new Date()): Promise<Promotion> {
  const counts = await countByStatus(tx, event.id);
  const places = placesToPromote(counts.registered, event.maxParticipants, counts.waitlisted);
  if (places === 0) return nothing();
  if (event.waitlistMode === 'offer') {
    const expiresAt = offerExpiry(event, now);
    if (!expiresAt) return nothing();
    const waiting = await earliestWaitlisted(tx, event.id, places);
    if (!waiting.length) return nothing();
    const offered = (
      await markOffered(
        tx,
        waiting.map((w) => w.id),
        expiresAt,
      )
    ).sort(byArrival);
    if (offered.length) await publish(tx, 'offer.made', { event, offers: offered });
    return { promoted: [], offered, notices: [] };
  }
  const waiting = await earliestWaitlisted(tx, event.id, places);
  const promoted = (
    await markRegistered(
      tx,
      waiting.map((w) => w.id),
    )
  ).sort(byArrival);
  if (!promoted.length) return nothing();
  await waiveLateCancellationFees(tx, event.id, promoted.length, now);
  const userIds = promoted.map((r) => r.userId);
  const notices = await insertPromotionNotices(
    tx,
    event.id,
    userIds,
    `${msg.promotedFromWaitlist} ${event.title}.`,
  );
  await publish(tx, 'waitlist.promoted', { event, userIds, notices });
  return { promoted, offered: [], notices };
}

/** The caller's open offer (offered and not expired at `now`), locked, or a ConflictError. */
async function openOffer(tx: Db, eventId: number, userId: string, now: Date): Promise<RegistrationRow> {
  const own = await findLiveRegistration(tx, eventId, userId, { lock: true });
  if (own?.status !== 'offered' || !own.offerExpiresAt || own.offerExpiresAt <= now) {
    throw new ConflictError(msg.noOpenOffer);
  }
  return own;
}

/**
 * Accepts the caller's open offer: the registration becomes `registered` (`waitlist.promoted`) and the
 * place taken from the waitlist waives one late-cancellation fee. Under the event lock, so an accept and
 * the expiry job racing have one outcome. No open offer (none, answered, or expired) → ConflictError.
 */
export async function acceptOffer(
  db: Db,
  p: { eventId: number; userId: string; now?: Date },
): Promise<RegistrationRow> {
  const now = p.now ?? new Date();
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, p.eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const offer = await openOffer(tx, p.eventId, p.userId, now);
    const row = await updateRegistration(tx, offer.id, { status: 'registered', offerExpiresAt: null });
    await waiveLateCancellationFees(tx, event.id, 1, now);
    await publish(tx, 'waitlist.promoted', { event, userIds: [p.userId], notices: [] });
    return row!;
  });
}

/** Declines the caller's open offer: the registration is cancelled and the place offered to the next in line. */
export async function declineOffer(
  db: Db,
  p: { eventId: number; userId: string; now?: Date },
): Promise<{ declined: RegistrationRow } & Promotion> {
  const now = p.now ?? new Date();
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, p.eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const offer = await openOffer(tx, p.eventId, p.userId, now);
    const declined = await updateRegistration(tx, offer.id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: p.userId,
      offerExpiresAt: null,
    });
    return { declined: declined!, ...(await promoteFromWaitlist(tx, event, now)) };
  });
}

/**
 * Passes every expired offer to the next in line: per event, under its lock, the expired offers are
 * cancelled (`offer.expired`: a notice each) and the places offered again (or, past the deadline, left
 * free). Answers how many offers expired. Run by the `waitlist-offers` job every minute; safe to run on
 * several instances at once (the lock and the re-check decide).
 */
export async function expireOffers(db: Db, now = new Date()): Promise<{ expired: number; offered: number }> {
  let expired = 0;
  let offered = 0;
  for (const eventId of await eventsWithExpiredOffers(db, now)) {
    const result = await db.transaction(async (tx) => {
      const event = await lockEvent(tx, eventId);
      if (!event) return { expired: 0, offered: 0 };
      const gone = await cancelExpiredOffers(tx, eventId, now);
      if (!gone.length) return { expired: 0, offered: 0 };
      await publish(tx, 'offer.expired', { event, offers: gone });
      const next = await promoteFromWaitlist(tx, event, now);
      return { expired: gone.length, offered: next.offered.length + next.promoted.length };
    });
    expired += result.expired;
    offered += result.offered;
  }
  return { expired, offered };
}
