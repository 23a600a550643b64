import { WORDS } from '../vocabulary';

/** The counts an event answers with: `registeredCount` includes the open offers (`offeredCount`). */
export interface ParticipantCounts {
  registeredCount: number;
  offeredCount: number;
  waitlistedCount: number;
}

/**
 * The event's participants in words (issue 27): registered and offered places apart, since an offered
 * place is not taken until it is answered — '3 anmälda, 1 erbjuden plats'; the reservlista only when
 * someone is on it — '3 anmälda, 2 på reservlistan'.
 */
export function participantCountsText(c: ParticipantCounts): string {
  const offered = Math.max(0, c.offeredCount);
  const registered = Math.max(0, c.registeredCount - offered);
  const parts = [`${registered} ${registered === 1 ? WORDS.registered : WORDS.registeredPlural}`];
  if (offered > 0) parts.push(`${offered} ${offered === 1 ? WORDS.offeredPlace : WORDS.offeredPlaces}`);
  if (c.waitlistedCount > 0) parts.push(`${c.waitlistedCount} på ${WORDS.theWaitlist}`);
  return parts.join(', ');
}
