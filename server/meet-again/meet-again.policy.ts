import { MEET_AGAIN_WINDOW_DAYS } from '@common/limits';
import type { MeetAgainChoice, MeetAgainMatchKind } from '@common/options';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The answer window of an event: from its end until 7 days later. */
export function answerWindow(eventEnd: Date): { opensAt: Date; closesAt: Date } {
  return { opensAt: eventEnd, closesAt: new Date(eventEnd.getTime() + MEET_AGAIN_WINDOW_DAYS * DAY_MS) };
}

/** Where `now` lies against the window: before it opens, inside it, or after it closed. */
export function windowState(eventEnd: Date, now: Date): 'before' | 'open' | 'closed' {
  const { opensAt, closesAt } = answerWindow(eventEnd);
  if (now < opensAt) return 'before';
  return now < closesAt ? 'open' : 'closed';
}

/**
 * The match two answers make: both 'Dejt' → a date; any other mix of 'Dejt' and 'Golfkompis' → a golf
 * buddy; a 'Nej tack' or no answer on either side → nothing.
 */
export function matchKind(a: MeetAgainChoice | null, b: MeetAgainChoice | null): MeetAgainMatchKind | null {
  if (a === null || b === null || a === 'no' || b === 'no') return null;
  return a === 'date' && b === 'date' ? 'date' : 'buddy';
}
