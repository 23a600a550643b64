import { COMPLETENESS_LOW, COMPLETENESS_MID, LOOKING_FOR_MIN, MEETUP_INTERESTS_MIN } from '../limits';

/** What the completeness bar looks at: the profile form's values and the avatar. */
export interface CompletenessFields {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  handicap?: number | string | null;
  golfId?: string | null;
  club?: string | null;
  gender?: string | null;
  birthDate?: string | null;
  civilStatus?: string | null;
  children?: string | null;
  profession?: string | null;
  dream?: string | null;
  lifeCircumstance?: string | null;
  location?: string | null;
  interests?: string | null;
  meetupInterests?: readonly string[] | null;
  lookingFor?: readonly string[] | null;
  profileImageId?: string | null;
  profileImageUrl?: string | null;
}

const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v != null);

/** The counted fields; the bar's 'x av N fält' uses this length, so count and text agree. */
export const COMPLETENESS_CHECKS: ReadonlyArray<(p: CompletenessFields) => boolean> = [
  (p) => filled(p.firstName) || filled(p.lastName),
  (p) => filled(p.email),
  (p) => filled(p.handicap),
  (p) => filled(p.golfId),
  (p) => filled(p.club),
  (p) => filled(p.gender),
  (p) => filled(p.birthDate),
  (p) => filled(p.civilStatus),
  (p) => filled(p.children),
  (p) => filled(p.profession),
  (p) => filled(p.dream),
  (p) => filled(p.lifeCircumstance),
  (p) => filled(p.location),
  (p) => filled(p.interests),
  (p) => (p.meetupInterests?.length ?? 0) >= MEETUP_INTERESTS_MIN,
  (p) => (p.lookingFor?.length ?? 0) >= LOOKING_FOR_MIN,
  (p) => filled(p.profileImageId) || filled(p.profileImageUrl),
];

export interface Completeness {
  filled: number;
  total: number;
  percent: number;
  color: 'red' | 'yellow' | 'green';
}

/** Profile completeness (spec §4, §5): red at 30% or less, yellow at 70% or less, green above. */
export function profileCompleteness(p: CompletenessFields): Completeness {
  const total = COMPLETENESS_CHECKS.length;
  const count = COMPLETENESS_CHECKS.filter((check) => check(p)).length;
  const percent = Math.round((count / total) * 100);
  return { filled: count, total, percent, color: completenessColor(percent) };
}

/** Colour of the completeness bar for a percentage. */
export function completenessColor(percent: number): Completeness['color'] {
  if (percent <= COMPLETENESS_LOW) return 'red';
  if (percent <= COMPLETENESS_MID) return 'yellow';
  return 'green';
}
