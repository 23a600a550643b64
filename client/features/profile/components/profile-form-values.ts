import { formatHandicap } from '@common/rules/handicap';
import type { FullUser, ProfileInput } from '@common/schemas/users';

/** The profile form's values, as the inputs hold them. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  /** As typed: '18,4' or '18.4' (the schema reads both); never rounded or clamped on the way. */
  handicap: string;
  golfId: string;
  club: string;
  hasGolfstarMembership: boolean;
  hasGolfamoreCard: boolean;
  gender: string | null;
  birthDate: string;
  civilStatus: string | null;
  children: string;
  profession: string;
  dream: string;
  location: string;
  lifeCircumstance: string;
  lookingFor: string[];
  meetupInterests: string[];
  interests: string;
}

/** The form's starting values from the member's record. */
export function formValuesFromUser(u: FullUser): ProfileFormValues {
  return {
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    username: u.username ?? '',
    email: u.email ?? '',
    handicap: u.handicap == null ? '' : formatHandicap(u.handicap),
    golfId: u.golfId ?? '',
    club: u.club ?? '',
    hasGolfstarMembership: u.hasGolfstarMembership,
    hasGolfamoreCard: u.hasGolfamoreCard,
    gender: u.gender,
    // The form offers only single, divorced, widow (spec §3).
    birthDate: u.birthDate ?? '',
    civilStatus: u.civilStatus === 'relationship' ? null : u.civilStatus,
    children: u.children ?? '',
    profession: u.profession ?? '',
    dream: u.dream ?? '',
    location: u.location ?? '',
    lifeCircumstance: u.lifeCircumstance ?? '',
    lookingFor: u.lookingFor,
    meetupInterests: u.meetupInterests,
    interests: u.interests ?? '',
  };
}

/** What PUT /api/users/{id} receives. */
export const toProfileInput = (v: ProfileFormValues): ProfileInput => v as unknown as ProfileInput;
