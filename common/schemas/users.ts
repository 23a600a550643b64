import { z } from 'zod';
import {
  AGE_MAX,
  AGE_MIN,
  DIRECTORY_PAGE_MAX,
  DIRECTORY_PAGE_SIZE,
  EMAIL_MAX_LENGTH,
  HANDICAP_MAX,
  HANDICAP_MIN,
  LOOKING_FOR_MIN,
  MEETUP_INTERESTS_MIN,
  TEXT_LONG_MAX,
  TEXT_SHORT_MAX,
} from '../limits';
import { msg } from '../messages';
import {
  AGE_BANDS,
  CIVIL_STATUSES,
  CIVIL_STATUSES_IN_FORM,
  GENDERS,
  HANDICAP_BANDS,
  LOOKING_FOR,
  MEETUP_INTERESTS,
  MEMBERSHIP_TYPES,
  ROLES,
  SUBSCRIPTION_STATUSES,
} from '../options';
import { COUNTY_CODES } from '../regions';
import { ageFromBirthDate, isIsoDate } from '../rules/age';
import { deriveFullName } from '../rules/display-name';
import { parseHandicap } from '../rules/handicap';

/** What any logged-in member may see of another member. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  profileImageId: z.string().nullable(),
  role: z.enum(ROLES),
  handicap: z.number().nullable(),
  golfId: z.string().nullable(),
  club: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  age: z.number().int().nullable(),
  birthDate: z.string().nullable(),
  civilStatus: z.enum(CIVIL_STATUSES).nullable(),
  children: z.string().nullable(),
  profession: z.string().nullable(),
  dream: z.string().nullable(),
  lifeCircumstance: z.string().nullable(),
  location: z.string().nullable(),
  interests: z.string().nullable(),
  meetupInterests: z.array(z.string()),
  lookingFor: z.array(z.string()),
  hasGolfstarMembership: z.boolean(),
  hasGolfamoreCard: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Fields only the member and admins may read. */
const privateUserFields = z.object({
  email: z.string().nullable(),
  /** The address was proven (a link followed, or the issuer said so). */
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation link; `email` is in force until then. */
  pendingEmail: z.string().nullable(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  subscriptionPeriodEnd: z.string().nullable(),
  /** Derived: membership pro with a live subscription, admin-set pro, or role admin. */
  isPro: z.boolean(),
  updatedAt: z.string(),
});

/** A member's own record (and what admins see): public fields plus the private ones. */
export const fullUserSchema = publicUserSchema.extend(privateUserFields.shape);
export type FullUser = z.infer<typeof fullUserSchema>;

/** GET /api/auth/session: the logged-in member's own record, or null for a visitor (always 200). */
export const sessionSchema = z.object({ user: fullUserSchema.nullable() });
export type AuthSession = z.infer<typeof sessionSchema>;

/**
 * One item of GET /api/users and GET /api/users/{id}: the public fields, plus the private ones only for
 * admins (and one's own record). One object schema, not a union, so each item is checked once.
 */
export const memberListItemSchema = publicUserSchema.extend(privateUserFields.partial().shape);
export type MemberListItem = z.infer<typeof memberListItemSchema>;

/** GET /api/users/{id} and the other routes addressing one member. */
export const userIdParamsSchema = z.object({
  id: z.string({ error: 'Ogiltigt medlems-id' }).min(1, { error: 'Ogiltigt medlems-id' }).max(100, {
    error: 'Ogiltigt medlems-id',
  }),
});

/** GET /api/users: search, filters and paging of the members directory (spec §2), done on the server. */
export const userListQuerySchema = z.object({
  q: z.string().max(TEXT_SHORT_MAX, { error: 'Sökningen är för lång' }).optional(),
  gender: z.enum(['all', ...GENDERS], { error: 'Ogiltigt kön' }).default('all'),
  handicap: z.enum(HANDICAP_BANDS, { error: 'Ogiltigt handicapintervall' }).default('all'),
  age: z.enum(AGE_BANDS, { error: 'Ogiltigt åldersintervall' }).default('all'),
  /** Ort: part of the member's location, without regard to case or accents. */
  location: z.string().max(100, { error: 'Orten är för lång' }).optional(),
  /** Län: SCB's county code ('01' Stockholms län ...); the member's place is one of its municipalities. */
  county: z.enum(COUNTY_CODES, { error: 'Okänt län' }).optional(),
  limit: z.coerce
    .number({ error: `limit måste vara 1–${DIRECTORY_PAGE_MAX}` })
    .int({ error: `limit måste vara 1–${DIRECTORY_PAGE_MAX}` })
    .min(1, { error: `limit måste vara 1–${DIRECTORY_PAGE_MAX}` })
    .max(DIRECTORY_PAGE_MAX, { error: `limit måste vara 1–${DIRECTORY_PAGE_MAX}` })
    .default(DIRECTORY_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset måste vara 0 eller mer' })
    .int({ error: 'offset måste vara 0 eller mer' })
    .min(0, { error: 'offset måste vara 0 eller mer' })
    .max(10_000_000, { error: 'offset är för stort' })
    .default(0),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

const requiredText = (message: string, max = TEXT_SHORT_MAX) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: msg.textTooLong });

const optionalText = (max = TEXT_SHORT_MAX) =>
  z
    .string({ error: msg.textTooLong })
    .max(max, { error: msg.textTooLong })
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/** Handicap: empty becomes null; otherwise +10 (−10) to 54 with at most one decimal (spec §5). */
const handicapField = z.preprocess(
  (v) => {
    if (v === '' || v === undefined || v === null) return null;
    // '+1,4' is a plus handicap (−1.4), as the site writes it (common/rules/handicap.ts).
    if (typeof v === 'string') return parseHandicap(v);
    return v;
  },
  z
    .number({ error: msg.handicapNotNumber })
    .min(HANDICAP_MIN, { error: msg.handicapMin })
    .max(HANDICAP_MAX, { error: msg.handicapMax })
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, { error: msg.handicapDecimals })
    .nullable(),
);

const optionList = <T extends readonly [string, ...string[]]>(options: T, min: number, minMessage: string) =>
  z
    .array(z.enum(options, { error: msg.optionInvalid }), { error: minMessage })
    .transform((list) => [...new Set(list)])
    .refine((list) => list.length >= min, { error: minMessage });

/**
 * The profile form (spec §5 'Profile form'): used by the client form and by PUT /api/users/{id}.
 * Unknown keys (role, membershipType, Stripe ids...) are dropped, so they can never be set here.
 */
export const profileFieldsSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  username: optionalText(100),
  email: z.email({ error: msg.emailInvalid }).max(EMAIL_MAX_LENGTH, { error: msg.emailInvalid }),
  handicap: handicapField,
  golfId: requiredText(msg.golfIdRequired, 50),
  club: requiredText(msg.clubRequired),
  hasGolfstarMembership: z.boolean().default(false),
  hasGolfamoreCard: z.boolean().default(false),
  gender: z.enum(GENDERS, { error: msg.genderRequired }),
  birthDate: z
    .string({ error: msg.birthDateRequired })
    .trim()
    .superRefine((d, ctx) => {
      // Age is derived from the birth date: at least 18, at most 120 (spec §5).
      if (d === '') ctx.addIssue({ code: 'custom', message: msg.birthDateRequired });
      else if (!isIsoDate(d)) ctx.addIssue({ code: 'custom', message: msg.birthDateInvalid });
      else if (ageFromBirthDate(d) < AGE_MIN) ctx.addIssue({ code: 'custom', message: msg.ageMin });
      else if (ageFromBirthDate(d) > AGE_MAX) ctx.addIssue({ code: 'custom', message: msg.ageMax });
    }),
  /** Ignored: age is derived from the birth date. */
  age: z.unknown().optional(),
  civilStatus: z.enum(CIVIL_STATUSES_IN_FORM, { error: msg.civilStatusRequired }),
  children: requiredText(msg.childrenRequired),
  profession: requiredText(msg.professionRequired),
  dream: requiredText(msg.dreamRequired, TEXT_LONG_MAX),
  location: requiredText(msg.locationRequired),
  lifeCircumstance: optionalText(TEXT_LONG_MAX),
  lookingFor: optionList(LOOKING_FOR, LOOKING_FOR_MIN, msg.lookingForMin),
  meetupInterests: optionList(MEETUP_INTERESTS, MEETUP_INTERESTS_MIN, msg.meetupInterestsMin),
  interests: requiredText(msg.interestsRequired, TEXT_LONG_MAX),
});

/** Profile form with its cross-field rules; the output carries the derived fullName and age. */
export const profileUpdateSchema = profileFieldsSchema
  .refine((v) => (deriveFullName(v.firstName, v.lastName) ?? '').length >= 2, {
    path: ['firstName'],
    error: msg.fullNameMin,
    // Checked even when other fields fail, so the form shows every message at once.
    when: (payload) => {
      const v = payload.value as { firstName?: unknown; lastName?: unknown };
      return (
        (v.firstName == null || typeof v.firstName === 'string') &&
        (v.lastName == null || typeof v.lastName === 'string')
      );
    },
  })
  .transform(({ age: _ignored, ...v }) => ({
    ...v,
    fullName: deriveFullName(v.firstName, v.lastName),
    age: ageFromBirthDate(v.birthDate),
  }));
export type ProfileInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** PATCH /api/users/{id}/profile-image: an uploaded image, or null to remove the avatar. */
export const profileImageInputSchema = z.object({
  profileImageId: z.uuid({ error: msg.profileImageNotFound }).nullable(),
});
