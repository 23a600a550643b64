import { msg } from '../messages';

type Dates = {
  endTime: string | Date;
  registrationDeadline?: string | Date | null;
};
const ms = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/**
 * Why registration is closed (decisions: at the deadline and once the event has
 * ended), as the Swedish message the server answers with; null while open.
 */
export function registrationClosedReason(e: Dates, now = new Date()): string | null {
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
