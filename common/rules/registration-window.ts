/**
 * The one ordered list of reasons registration is closed (issue 31). The server's refusal
 * (`registrationClosedReason`, event-registration.ts) and every badge and button (`eventAvailability`,
 * event-phase.ts) read this list, so they can never disagree on which reason wins.
 */
export type RegistrationClosure = 'cancelled' | 'completed' | 'ended' | 'deadline_passed' | 'not_open';

export interface RegistrationWindowFacts {
  status?: string | null;
  endTime: string | Date;
  registrationDeadline?: string | Date | null;
  registrationOpensAt?: string | Date | null;
}

const ms = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/**
 * In order, first match wins: the status an admin set says more than the dates; an ended event says
 * more than its deadline; a passed deadline says more than an opening time still ahead.
 */
export const REGISTRATION_CLOSURES: readonly {
  closure: RegistrationClosure;
  applies: (e: RegistrationWindowFacts, t: number) => boolean;
}[] = [
  { closure: 'cancelled', applies: (e) => e.status === 'cancelled' },
  { closure: 'completed', applies: (e) => e.status === 'completed' },
  { closure: 'ended', applies: (e, t) => ms(e.endTime) <= t },
  {
    closure: 'deadline_passed',
    applies: (e, t) => !!e.registrationDeadline && ms(e.registrationDeadline) <= t,
  },
  { closure: 'not_open', applies: (e, t) => !!e.registrationOpensAt && ms(e.registrationOpensAt) > t },
];

/** The first reason registration is closed now, or null while it is open. */
export function registrationClosure(
  e: RegistrationWindowFacts,
  now = new Date(),
): RegistrationClosure | null {
  const t = now.getTime();
  return REGISTRATION_CLOSURES.find((c) => c.applies(e, t))?.closure ?? null;
}
