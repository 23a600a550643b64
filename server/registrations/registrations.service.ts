import { msg } from '@common/messages';
import { hasEnded } from '@common/rules/event-phase';
import {
  isLateCancellation,
  lateCancellationFeeNow,
  registrationClosedReason,
  statusForNewRegistration,
} from '@common/rules/event-registration';
import { handMarkAmounts } from '@common/rules/payment-figures';
import { isPro } from '@common/rules/pro';
import { includesLodging, normaliseRoomWish, type RoomWishValue } from '@common/rules/room-wish';
import { recordAudit } from '../audit/audit';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { lockEvent } from '../events/events.queries';
import { type Promotion, promoteFromWaitlist } from './offers.service';
import {
  countRegistered,
  findLiveRegistration,
  insertRegistration,
  lockRegistration,
  lockRegistrationPayment,
  queuePosition,
  type RegistrationRow,
  updateRegistration,
} from './registrations.queries';
import { resolveRoomMate } from './room-wish.service';

export type { EventNotificationRow, Promotion } from './offers.service';

export interface RegisterParams {
  eventId: number;
  user: UserRow;
  dietaryPreferences: string | null;
  notes: string | null;
  /** Only for events with lodging (`includesLodging`); refused on a one-day event. */
  roomWish?: RoomWishValue;
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
    const wish = normaliseRoomWish(p.roomWish ?? { roomWish: null, roomMateName: null });
    if (wish.roomWish && !includesLodging(event)) throw new ValidationError(msg.roomWishOnlyForTrips);
    const room = await resolveRoomMate(tx, p.eventId, p.user.id, wish);
    // A cancelled registration is history: registering again takes a new place at the back of the queue.
    if (await findLiveRegistration(tx, p.eventId, p.user.id)) throw new ConflictError(msg.alreadyRegistered);
    const status = statusForNewRegistration(await countRegistered(tx, p.eventId), event.maxParticipants);
    const row = await insertRegistration(tx, {
      eventId: p.eventId,
      userId: p.user.id,
      status,
      dietaryPreferences: p.dietaryPreferences,
      // The schema refuses dietary needs without consent: when they are stored, so is the consent's time.
      dietaryConsentAt: p.dietaryPreferences ? now : null,
      notes: p.notes,
      ...room,
      golfId: p.user.golfId,
      handicap: p.user.handicap,
    });
    const position = row.status === 'waitlisted' ? await queuePosition(tx, row) : null;
    await publish(tx, 'registration.created', { event, registration: row, position });
    return row;
  });
}

/** What a cancellation did: the cancelled row (with any late fee) and how the place was filled. */
export type Cancellation = { cancelled: RegistrationRow } & Promotion;

/**
 * Cancels a member's own registration (or leaves the queue, or turns down an offer). The row stays as
 * history. A registered member cancelling after the event's cancellation deadline is marked late and
 * owes the late-cancellation fee (waived if someone from the waitlist takes a place before the event).
 * A freed place goes to the waitlist by the event's mode (moved up at once, or offered).
 */
export async function cancelRegistration(
  db: Db,
  p: { eventId: number; userId: string; now?: Date },
): Promise<Cancellation> {
  const now = p.now ?? new Date();
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, p.eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const own = await findLiveRegistration(tx, p.eventId, p.userId, { lock: true });
    if (!own) throw new NotFoundError(msg.notRegistered);
    if (hasEnded(event, now)) throw new ValidationError(msg.eventAlreadyEnded);
    const late = own.status === 'registered' && isLateCancellation(event, now);
    const cancelled = (await updateRegistration(tx, own.id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: p.userId,
      offerExpiresAt: null,
      lateCancellation: late,
      amountDue: late ? lateCancellationFeeNow(event, now) : 0,
    }))!;
    const freesPlace = own.status === 'registered' || own.status === 'offered';
    const promotion = freesPlace
      ? await promoteFromWaitlist(tx, event, now)
      : { promoted: [], offered: [], notices: [] };
    return { cancelled, ...promotion };
  });
}

/** Records whether a registered member came (admins, at the first tee); null clears it. */
export async function setAttendance(
  db: Db,
  id: number,
  attendance: RegistrationRow['attendance'],
  actor: { id: string } | null = null,
): Promise<RegistrationRow> {
  return db.transaction(async (tx) => {
    const row = await lockRegistration(tx, id);
    if (!row) throw new NotFoundError(msg.registrationNotFound);
    if (row.status !== 'registered') throw new ValidationError(msg.attendanceNotRegistered);
    const updated = (await updateRegistration(tx, id, { attendance }))!;
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: 'registration.attendance',
      targetType: 'registration',
      targetId: id,
      details: { eventId: row.eventId, userId: row.userId, from: row.attendance, to: attendance },
    });
    return updated;
  });
}

/**
 * Sets a registration's payment status (admins). Marking it paid (from another status) publishes
 * `registration.paid` (the member's `payment_received` receipt) in the same transaction. Without a payment
 * on the site the amounts follow the hand mark (`handMarkAmounts`: paid at the venue records the price); a
 * fee paid on the site keeps its status from the money (refunds go through 'Återbetala'), so a hand change
 * of it is refused (409).
 */
export async function setPaymentStatus(
  db: Db,
  id: number,
  paymentStatus: RegistrationRow['paymentStatus'],
  actor: { id: string } | null = null,
): Promise<RegistrationRow> {
  return db.transaction(async (tx) => {
    const before = await lockRegistrationPayment(tx, id);
    if (!before) throw new NotFoundError(msg.registrationNotFound);
    if (before.paymentIntentId && paymentStatus !== before.paymentStatus) {
      throw new ConflictError(msg.paymentStatusFollowsOnlinePayment);
    }
    const amounts = before.paymentIntentId
      ? {}
      : handMarkAmounts(paymentStatus, before, before.price, new Date());
    const row = await updateRegistration(tx, id, { paymentStatus, ...amounts });
    if (!row) throw new NotFoundError(msg.registrationNotFound);
    if (paymentStatus === 'paid' && before.paymentStatus !== 'paid') {
      await publish(tx, 'registration.paid', {
        registration: row,
        event: { id: row.eventId, title: before.title },
      });
    }
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: 'registration.payment_status',
      targetType: 'registration',
      targetId: id,
      details: { eventId: row.eventId, userId: row.userId, from: before.paymentStatus, to: paymentStatus },
    });
    return row;
  });
}
