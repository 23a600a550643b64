import { msg } from '@common/messages';
import { hasEnded } from '@common/rules/event-phase';
import {
  placesToPromote,
  registrationClosedReason,
  statusForNewRegistration,
} from '@common/rules/event-registration';
import { isPro } from '@common/rules/pro';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventNotifications, eventRegistrations, events } from '../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { EventRow } from '../events/events.presenter';
import { lockEvent } from '../events/events.queries';
import type { UserRow } from '../members/members.presenter';
import { notifyEventPaymentReceived } from '../notifications/billing-notices';
import { notifyPromoted, notifyRegistration } from '../notifications/event-notices';
import {
  countByStatus,
  countRegistered,
  earliestWaitlisted,
  markRegistered,
  type RegistrationRow,
} from './registrations.queries';

export type EventNotificationRow = typeof eventNotifications.$inferSelect;

/** What a waitlist promotion changed: the promoted registrations and the notices given to their members. */
export interface Promotion {
  promoted: RegistrationRow[];
  notices: EventNotificationRow[];
}

/**
 * Moves the earliest waitlisted registrations up into the free places of an event (as many as
 * `placesToPromote` allows) and gives each promoted member an event_notifications row. `event` is the
 * row the caller locked with lockEvent in this same transaction (after any change to it), so the places
 * are counted under the lock. Returns the promoted registrations in arrival order and the inserted notices,
 * for the caller to publish once the transaction has committed.
 */
export async function promoteFromWaitlist(
  tx: Db,
  event: Pick<EventRow, 'id' | 'title' | 'maxParticipants'> & Partial<Pick<EventRow, 'startTime'>>,
): Promise<Promotion> {
  const counts = await countByStatus(tx, event.id);
  const places = placesToPromote(counts.registered, event.maxParticipants, counts.waitlisted);
  if (places === 0) return { promoted: [], notices: [] };
  const waiting = await earliestWaitlisted(tx, event.id, places);
  const promoted = (
    await markRegistered(
      tx,
      waiting.map((w) => w.id),
    )
  ).sort((a, b) => a.registeredAt.getTime() - b.registeredAt.getTime() || a.id - b.id);
  if (!promoted.length) return { promoted: [], notices: [] };
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
  // The notification centre's notice too (e-mail and push by the member's choices).
  await notifyPromoted(
    tx,
    event,
    promoted.map((r) => r.userId),
  );
  return { promoted, notices };
}

export interface RegisterParams {
  eventId: number;
  user: UserRow;
  dietaryPreferences: string | null;
  notes: string | null;
  now?: Date;
}

/**
 * Registers a Pro member (or admin) for an event in one transaction that locks
 * the event row, so simultaneous requests serialize: while places are left the
 * registration is `registered`, after that `waitlisted`, in arrival order.
 */
export async function registerForEvent(db: Db, p: RegisterParams): Promise<RegistrationRow> {
  const now = p.now ?? new Date();
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, p.eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    if (!isPro(p.user, now)) throw new ForbiddenError(msg.requiresUpgrade, { requiresUpgrade: true });
    const closed = registrationClosedReason(event, now);
    if (closed) throw new ValidationError(closed);
    const [existing] = await tx
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, p.eventId), eq(eventRegistrations.userId, p.user.id)));
    if (existing) throw new ConflictError(msg.alreadyRegistered);
    const status = statusForNewRegistration(await countRegistered(tx, p.eventId), event.maxParticipants);
    const [row] = await tx
      .insert(eventRegistrations)
      .values({
        eventId: p.eventId,
        userId: p.user.id,
        status,
        dietaryPreferences: p.dietaryPreferences,
        notes: p.notes,
        golfId: p.user.golfId,
        handicap: p.user.handicap,
        // The time the place was taken (after the lock), not when the transaction began.
        registeredAt: sql`clock_timestamp()`,
      })
      .returning();
    await notifyRegistration(tx, event, row);
    return row;
  });
}

/** Cancels a member's own registration; a freed place goes to the earliest waitlisted. */
export async function cancelRegistration(
  db: Db,
  p: { eventId: number; userId: string; now?: Date },
): Promise<{ cancelled: RegistrationRow } & Promotion> {
  const now = p.now ?? new Date();
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, p.eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const [own] = await tx
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, p.eventId), eq(eventRegistrations.userId, p.userId)));
    if (!own) throw new NotFoundError(msg.notRegistered);
    if (hasEnded(event, now)) throw new ValidationError(msg.eventAlreadyEnded);
    await tx.delete(eventRegistrations).where(eq(eventRegistrations.id, own.id));
    const promotion =
      own.status === 'registered' ? await promoteFromWaitlist(tx, event) : { promoted: [], notices: [] };
    return { cancelled: own, ...promotion };
  });
}

/**
 * Sets a registration's payment status (admins). Marking it paid (from another status) sends the member a
 * `payment_received` receipt in the same transaction.
 */
export async function setPaymentStatus(
  db: Db,
  id: number,
  paymentStatus: RegistrationRow['paymentStatus'],
): Promise<RegistrationRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ paymentStatus: eventRegistrations.paymentStatus, title: events.title })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(eq(eventRegistrations.id, id))
      .for('update', { of: eventRegistrations });
    if (!before) throw new NotFoundError(msg.registrationNotFound);
    const [row] = await tx
      .update(eventRegistrations)
      .set({ paymentStatus })
      .where(eq(eventRegistrations.id, id))
      .returning();
    if (!row) throw new NotFoundError(msg.registrationNotFound);
    if (paymentStatus === 'paid' && before.paymentStatus !== 'paid') {
      await notifyEventPaymentReceived(tx, row, { id: row.eventId, title: before.title });
    }
    return row;
  });
}
