import { msg } from '@common/messages';
import { offerExpiry, placesToPromote } from '@common/rules/event-registration';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventNotifications, eventRegistrations } from '../db/schema';
import { ConflictError, NotFoundError } from '../errors';
import type { EventRow } from '../events/events.presenter';
import { lockEvent } from '../events/events.queries';
import { notifyOfferExpired, notifyOffers, notifyPromoted } from '../notifications/event-notices';
import {
  countByStatus,
  earliestWaitlisted,
  findLiveRegistration,
  markRegistered,
  type RegistrationRow,
  waiveLateCancellationFees,
} from './registrations.queries';

export type EventNotificationRow = typeof eventNotifications.$inferSelect;

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
 * event_notifications row for the live notice, and a `promoted` notice); in `offer` mode each gets an
 * offer until `offerExpiry` (none after the registration deadline or once the event has started).
 * Every place taken from the waitlist waives one late-cancellation fee (the earliest first). `event` is
 * the row the caller locked in this transaction, after any change to it.
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
      await tx
        .update(eventRegistrations)
        .set({ status: 'offered', offerExpiresAt: expiresAt })
        .where(
          inArray(
            eventRegistrations.id,
            waiting.map((w) => w.id),
          ),
        )
        .returning()
    ).sort(byArrival);
    await notifyOffers(tx, event, offered);
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
  const notices = await tx
    .insert(eventNotifications)
    .values(
      promoted.map((r) => ({
        eventId: event.id,
        userId: r.userId,
        type: 'waitlist_promoted',
        content: `${msg.promotedFromWaitlist} ${event.title}.`,
      })),
    )
    .returning();
  await notifyPromoted(
    tx,
    event,
    promoted.map((r) => r.userId),
  );
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
 * Accepts the caller's open offer: the registration becomes `registered` (a `promoted` notice) and the
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
    const [row] = await tx
      .update(eventRegistrations)
      .set({ status: 'registered', offerExpiresAt: null })
      .where(eq(eventRegistrations.id, offer.id))
      .returning();
    await waiveLateCancellationFees(tx, event.id, 1, now);
    await notifyPromoted(tx, event, [p.userId]);
    return row;
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
    const [declined] = await tx
      .update(eventRegistrations)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: p.userId, offerExpiresAt: null })
      .where(eq(eventRegistrations.id, offer.id))
      .returning();
    return { declined, ...(await promoteFromWaitlist(tx, event, now)) };
  });
}

/** Events with offers that have expired at `now`. */
async function eventsWithExpiredOffers(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.status, 'offered'), lte(eventRegistrations.offerExpiresAt, now)))
    .orderBy(asc(eventRegistrations.eventId));
  return rows.map((r) => r.eventId);
}

/**
 * Passes every expired offer to the next in line: per event, under its lock, the expired offers are
 * cancelled (an `offer_expired` notice each) and the places offered again (or, past the deadline, left
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
      const gone = await tx
        .update(eventRegistrations)
        .set({ status: 'cancelled', cancelledAt: now, cancelledBy: null, offerExpiresAt: null })
        .where(
          and(
            eq(eventRegistrations.eventId, eventId),
            eq(eventRegistrations.status, 'offered'),
            lte(eventRegistrations.offerExpiresAt, now),
          ),
        )
        .returning();
      if (!gone.length) return { expired: 0, offered: 0 };
      await notifyOfferExpired(tx, event, gone);
      const next = await promoteFromWaitlist(tx, event, now);
      return { expired: gone.length, offered: next.offered.length + next.promoted.length };
    });
    expired += result.expired;
    offered += result.offered;
  }
  return { expired, offered };
}

/** Position (1-based) of a waitlisted registration in its event's queue. */
export async function queuePosition(db: Db, r: Pick<RegistrationRow, 'id' | 'eventId'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, r.eventId),
        eq(eventRegistrations.status, 'waitlisted'),
        // Compared in SQL: registered_at keeps microseconds that a JavaScript Date would drop.
        sql`(${eventRegistrations.registeredAt}, ${eventRegistrations.id}) <= (select o.registered_at, o.id from event_registrations o where o.id = ${r.id})`,
      ),
    );
  return row?.n ?? 1;
}
