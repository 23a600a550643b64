import { msg } from '@common/messages';
import { hasEnded } from '@common/rules/event-phase';
import { registrationClosedReason, statusForNewRegistration } from '@common/rules/event-registration';
import { isPro } from '@common/rules/pro';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventNotifications, eventRegistrations, events } from '../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { lockEvent } from '../events/events.queries';
import type { UserRow } from '../members/members.presenter';
import {
  countRegistered,
  earliestWaitlisted,
  markRegistered,
  type RegistrationRow,
} from './registrations.queries';

/**
 * Moves the earliest waitlisted registrations up into the free places of an
 * event and gives each promoted member an event_notifications row. The caller
 * must hold the event's row lock (lockEvent) in the same transaction. Returns
 * the promoted registrations (for realtime notices).
 */
export async function promoteFromWaitlist(tx: Db, eventId: number): Promise<RegistrationRow[]> {
  const [event] = await tx
    .select({ title: events.title, maxParticipants: events.maxParticipants })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return [];
  const free = event.maxParticipants - (await countRegistered(tx, eventId));
  if (free <= 0) return [];
  const waiting = await earliestWaitlisted(tx, eventId, free);
  const promoted = await markRegistered(
    tx,
    waiting.map((w) => w.id),
  );
  if (promoted.length) {
    await tx.insert(eventNotifications).values(
      promoted.map((r) => ({
        eventId,
        userId: r.userId,
        type: 'waitlist_promoted',
        content: `${msg.promotedFromWaitlist} ${event.title}.`,
      })),
    );
  }
  return promoted.sort((a, b) => a.registeredAt.getTime() - b.registeredAt.getTime() || a.id - b.id);
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
    return row;
  });
}

/** Cancels a member's own registration; a freed place goes to the earliest waitlisted. */
export async function cancelRegistration(
  db: Db,
  p: { eventId: number; userId: string; now?: Date },
): Promise<{ cancelled: RegistrationRow; promoted: RegistrationRow[] }> {
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
    const promoted = own.status === 'registered' ? await promoteFromWaitlist(tx, p.eventId) : [];
    return { cancelled: own, promoted };
  });
}

/** Sets a registration's payment status (admins). */
export async function setPaymentStatus(
  db: Db,
  id: number,
  paymentStatus: RegistrationRow['paymentStatus'],
): Promise<RegistrationRow> {
  const [row] = await db
    .update(eventRegistrations)
    .set({ paymentStatus })
    .where(eq(eventRegistrations.id, id))
    .returning();
  if (!row) throw new NotFoundError(msg.registrationNotFound);
  return row;
}
