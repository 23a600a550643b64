import { msg } from '../messages';
import type { EventStatus } from '../options';

type RegistrationWindow = {
  status: EventStatus;
  endTime: string | Date;
  registrationDeadline?: string | Date | null;
};
const ms = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/**
 * Why registration is closed, as the Swedish message the server answers with; null while open. Closed
 * for an event an admin has marked cancelled or completed, once it has ended, and at the deadline
 * (decisions.md). The server refuses with it and the detail page shows it, so both follow one rule.
 */
export function registrationClosedReason(e: RegistrationWindow, now = new Date()): string | null {
  if (e.status === 'cancelled') return msg.eventCancelled;
  if (e.status === 'completed') return msg.eventCompleted;
  const t = now.getTime();
  if (ms(e.endTime) <= t) return msg.eventAlreadyEnded;
  if (e.registrationDeadline && ms(e.registrationDeadline) <= t) return msg.registrationDeadlinePassed;
  return null;
}

/** Status a new registration gets: registered while places are left, else waitlisted. */
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
