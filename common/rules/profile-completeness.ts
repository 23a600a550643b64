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

/** The counted fields, each with the name the profile form gives it; the bar's 'x av N fält' uses this length. */
export const COMPLETENESS_FIELDS: ReadonlyArray<{
  label: string;
  check: (p: CompletenessFields) => boolean;
}> = [
  { label: 'Namn', check: (p) => filled(p.firstName) || filled(p.lastName) },
  { label: 'E-post', check: (p) => filled(p.email) },
  { label: 'Handicap', check: (p) => filled(p.handicap) },
  { label: 'Golf-ID', check: (p) => filled(p.golfId) },
  { label: 'Klubb', check: (p) => filled(p.club) },
  { label: 'Kön', check: (p) => filled(p.gender) },
  { label: 'Födelsedatum', check: (p) => filled(p.birthDate) },
  { label: 'Civilstatus', check: (p) => filled(p.civilStatus) },
  { label: 'Barn', check: (p) => filled(p.children) },
  { label: 'Yrke', check: (p) => filled(p.profession) },
  { label: 'Dröm', check: (p) => filled(p.dream) },
  { label: 'Livssituation', check: (p) => filled(p.lifeCircumstance) },
  { label: 'Ort', check: (p) => filled(p.location) },
  { label: 'Dina intressen', check: (p) => filled(p.interests) },
  { label: 'Intressen (minst 3)', check: (p) => (p.meetupInterests?.length ?? 0) >= MEETUP_INTERESTS_MIN },
  { label: 'Jag söker', check: (p) => (p.lookingFor?.length ?? 0) >= LOOKING_FOR_MIN },
  { label: 'Profilbild', check: (p) => filled(p.profileImageId) || filled(p.profileImageUrl) },
];

/** The checks alone, in the same order. */
export const COMPLETENESS_CHECKS: ReadonlyArray<(p: CompletenessFields) => boolean> = COMPLETENESS_FIELDS.map(
  (f) => f.check,
);

export interface Completeness {
  filled: number;
  total: number;
  percent: number;
  color: 'red' | 'yellow' | 'green';
  /** The names of the fields still missing, in the form's order. */
  missing: string[];
}

/** Profile completeness (spec §4, §5): red at 30% or less, yellow at 70% or less, green above. */
export function profileCompleteness(p: CompletenessFields): Completeness {
  const total = COMPLETENESS_FIELDS.length;
  const missing = COMPLETENESS_FIELDS.filter((f) => !f.check(p)).map((f) => f.label);
  const count = total - missing.length;
  const percent = Math.round((count / total) * 100);
  return { filled: count, total, percent, color: completenessColor(percent), missing };
}

/** Colour of the completeness bar for a percentage. */
export function completenessColor(percent: number): Completeness['color'] {
  if (percent <= COMPLETENESS_LOW) return 'red';
  if (percent <= COMPLETENESS_MID) return 'yellow';
  return 'green';
}
