/** Option lists of spec §3, defined once. */
export const MEETUP_INTERESTS = [
  'Fika',
  'Spelkvällar',
  'Böcker',
  'Film',
  'Friluftsliv',
  'Loppis',
  'Kultur',
  'Party',
  'Konserter',
  'Shopping',
  'Promenad',
  'Träning',
  'Restaurangbesök',
  'Afterwork',
  'Vinprovning/Ölprovning',
  'Resor',
  'Personlig utveckling',
  'Föreläsningar',
  'Quiz/Frågesport',
] as const;

export const LOOKING_FOR = [
  'Partner',
  'Nya bekantskaper',
  'Tävlingskompis',
  'Träningskompis',
  'Resekompis',
  'Någon att dela vardagen med',
  'En flirt med potential',
] as const;

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: 'Man', female: 'Kvinna', other: 'Annat' };

export const CIVIL_STATUSES = ['single', 'relationship', 'divorced', 'widow'] as const;
export type CivilStatus = (typeof CIVIL_STATUSES)[number];
/** The profile form offers only these (spec §3). */
export const CIVIL_STATUSES_IN_FORM = ['single', 'divorced', 'widow'] as const;
export const CIVIL_STATUS_LABELS: Record<CivilStatus, string> = {
  single: 'Singel',
  relationship: 'I relation',
  divorced: 'Skild',
  widow: 'Änka/Änkling',
};

export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MEMBERSHIP_TYPES = ['free', 'pro'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export const SUBSCRIPTION_STATUSES = [
  'active',
  'cancel_at_period_end',
  'past_due',
  'canceled',
  'incomplete',
  'unpaid',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_FILTERS = ['all', 'upcoming', 'ongoing', 'past'] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];

export const REGISTRATION_STATUSES = ['registered', 'waitlisted'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const IMAGE_ENTITY_TYPES = ['event', 'profile'] as const;
export type ImageEntityType = (typeof IMAGE_ENTITY_TYPES)[number];

export const HANDICAP_BANDS = ['all', '0-5', '6-10', '11-15', '16-20', '21+'] as const;
export type HandicapBand = (typeof HANDICAP_BANDS)[number];

export const AGE_BUCKETS = ['21-30', '31-40', '41-50', '51-60', '61+'] as const;
