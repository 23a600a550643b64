import { FEW_SPOTS_RATIO, WEEK_BADGE_NEXT_WEEK_DAYS, WEEK_BADGE_THIS_WEEK_DAYS } from '../limits';
import type { EventFilter } from '../options';
import { isSameStockholmDay } from '../time';
import { type RegistrationClosure, registrationClosure } from './registration-window';

const DAY_MS = 24 * 60 * 60 * 1000;

type Times = { startTime: string | Date; endTime: string | Date };
const ms = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/** Events page filter (spec §2): upcoming starts later, ongoing started and not ended, past ended. */
export function matchesEventFilter(e: Times, filter: EventFilter, now = new Date()): boolean {
  const t = now.getTime();
  switch (filter) {
    case 'all':
      return true;
    case 'upcoming':
      return ms(e.startTime) > t;
    case 'ongoing':
      return ms(e.startTime) <= t && ms(e.endTime) > t;
    case 'past':
      return ms(e.endTime) <= t;
  }
}

/** True once the end time has passed ('Tidigare resa'). */
export function hasEnded(e: Pick<Times, 'endTime'>, now = new Date()): boolean {
  return ms(e.endTime) <= now.getTime();
}

/** Time phase badge of an event card (spec §2 'Events page'). */
export function phaseBadge(
  e: Times,
  now = new Date(),
): 'Tidigare' | 'Idag' | 'Denna vecka' | 'Nästa vecka' | 'Kommande' {
  if (ms(e.endTime) < now.getTime()) return 'Tidigare';
  const start = new Date(ms(e.startTime));
  if (isSameStockholmDay(start, now)) return 'Idag';
  const days = Math.ceil((start.getTime() - now.getTime()) / DAY_MS);
  if (days <= WEEK_BADGE_THIS_WEEK_DAYS) return 'Denna vecka';
  if (days <= WEEK_BADGE_NEXT_WEEK_DAYS) return 'Nästa vecka';
  return 'Kommande';
}

/** Where an event stands for someone who wants to join it (issue 18: one rule for every badge and button). */
export type Availability = 'cancelled' | 'past' | 'ongoing' | 'not_open' | 'closed' | 'full' | 'few' | 'open';

export interface AvailabilityFacts {
  status?: string | null;
  startTime: string | Date;
  endTime: string | Date;
  registrationDeadline?: string | Date | null;
  registrationOpensAt?: string | Date | null;
  registeredCount: number;
  maxParticipants?: number | null;
}

/** The Swedish badge of each availability. */
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  cancelled: 'Inställt',
  past: 'Avslutat',
  ongoing: 'Pågår',
  not_open: 'Anmälan öppnar snart',
  closed: 'Anmälan stängd',
  full: 'Fullbokad – reservlista',
  few: 'Få platser kvar',
  open: 'Öppen för anmälan',
};

/** What each reason registration is closed shows as (completed and ended are both over). */
const CLOSURE_AVAILABILITY: Record<RegistrationClosure, Availability> = {
  cancelled: 'cancelled',
  completed: 'past',
  ended: 'past',
  deadline_passed: 'closed',
  not_open: 'not_open',
};

/**
 * The one availability rule: first the reasons registration is closed, in the order of the list the
 * server's registrationClosedReason reads (registration-window.ts); then under way (started:
 * registration still taken, as the server does), full (registration joins the waitlist), few places
 * left, open.
 */
export function eventAvailability(e: AvailabilityFacts, now = new Date()): Availability {
  const closure = registrationClosure(e, now);
  if (closure) return CLOSURE_AVAILABILITY[closure];
  if (ms(e.startTime) <= now.getTime()) return 'ongoing';
  const max = e.maxParticipants;
  if (max && e.registeredCount >= max) return 'full';
  if (max && e.registeredCount >= max * FEW_SPOTS_RATIO) return 'few';
  return 'open';
}

/** Whether the availability still takes registrations ('full' ones to the waitlist). */
export const takesRegistrations = (a: Availability): boolean =>
  a === 'open' || a === 'few' || a === 'full' || a === 'ongoing';

/** Duration in whole hours, rounded (event card time range). */
export function durationHours(e: Times): number {
  return Math.round((ms(e.endTime) - ms(e.startTime)) / (60 * 60 * 1000));
}
