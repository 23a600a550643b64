import { msg } from '../messages';
import type { EventStatus } from '../options';
import { formatStockholmDayTime } from '../time';
import { registrationClosure } from './registration-window';

type RegistrationWindow = {
  status: EventStatus;
  endTime: string | Date;
  registrationDeadline?: string | Date | null;
  registrationOpensAt?: string | Date | null;
};
type Instant = string | Date;
const ms = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/**
 * Why registration is closed, as the Swedish message the server answers with; null while open. Closed
 * for an event an admin has marked cancelled or completed, once it has ended, and at the deadline
 * (decisions.md). The server refuses with it and the detail page shows it, so both follow one rule:
 * the ordered list in registration-window.ts, which eventAvailability reads too.
 */
export function registrationClosedReason(e: RegistrationWindow, now = new Date()): string | null {
  switch (registrationClosure(e, now)) {
    case null:
      return null;
    case 'cancelled':
      return msg.eventCancelled;
    case 'completed':
      return msg.eventCompleted;
    case 'ended':
      return msg.eventAlreadyEnded;
    case 'deadline_passed':
      return msg.registrationDeadlinePassed;
    case 'not_open':
      return `${msg.registrationNotOpenYet} ${formatStockholmDayTime(new Date(ms(e.registrationOpensAt as Instant)))}`;
  }
}

/**
 * When an offer made now expires: now + the event's answer time, never later than the registration
 * deadline. Null when no offer may be made: after the deadline, once the event has started, or for an
 * event that is cancelled or completed.
 */
export function offerExpiry(
  e: {
    status: EventStatus;
    startTime: Instant;
    registrationDeadline?: Instant | null;
    waitlistOfferHours: number;
  },
  now = new Date(),
): Date | null {
  if (e.status === 'cancelled' || e.status === 'completed') return null;
  const t = now.getTime();
  const start = ms(e.startTime);
  if (start <= t) return null;
  const deadline = e.registrationDeadline ? ms(e.registrationDeadline) : start;
  const limit = Math.min(deadline, start);
  if (limit <= t) return null;
  return new Date(Math.min(t + e.waitlistOfferHours * 3_600_000, limit));
}

/** A cancellation now is late (costs the late-cancellation fee) once the cancellation deadline has passed. */
export function isLateCancellation(
  e: { cancellationDeadline?: Instant | null; lateCancellationFee: number },
  now = new Date(),
): boolean {
  return !!e.cancellationDeadline && ms(e.cancellationDeadline) <= now.getTime();
}

/** The fee a cancellation now would cost (0 before the deadline or when the event has no fee). */
export function lateCancellationFeeNow(
  e: { cancellationDeadline?: Instant | null; lateCancellationFee: number },
  now = new Date(),
): number {
  return isLateCancellation(e, now) ? e.lateCancellationFee : 0;
}

/**
 * Status a new registration gets: registered while places are left, else waitlisted. `registeredCount`
 * counts every taken place: registered and open offers.
 */
export function statusForNewRegistration(
  registeredCount: number,
  maxParticipants: number,
): 'registered' | 'waitlisted' {
  return registeredCount >= maxParticipants ? 'waitlisted' : 'registered';
}

/** How many waitlisted registrations move up when the event has this many registered. */
export function placesToPromote(
  registeredCount: number,
  maxParticipants: number,
  waitlisted: number,
): number {
  return Math.max(0, Math.min(waitlisted, maxParticipants - registeredCount));
}
