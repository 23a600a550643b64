import { z } from 'zod';
import { TEXT_LONG_MAX } from '../limits';
import { PAYMENT_STATUSES, REGISTRATION_STATUSES } from '../options';
import { eventSchema } from './events';
import { publicUserSchema } from './users';

const optionalText = (max: number, error: string) =>
  z
    .string({ error })
    .max(max, { error })
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/** POST /api/events/{id}/register (an empty body means no preferences). */
export const registerInputSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    dietaryPreferences: optionalText(1000, 'Kostpreferenser får vara högst 1000 tecken'),
    notes: optionalText(TEXT_LONG_MAX, `Övriga önskemål får vara högst ${TEXT_LONG_MAX} tecken`),
  }),
);
export type RegisterInput = z.input<typeof registerInputSchema>;

/** One registration of an event as listed; private fields are null unless the caller may read them. */
export const registrationSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  userId: z.string(),
  registeredAt: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Only for admins and the registration's own member. */
  dietaryPreferences: z.string().nullable(),
  /** Only for admins and the registration's own member. */
  notes: z.string().nullable(),
  golfId: z.string().nullable(),
  handicap: z.number().nullable(),
  groupId: z.number().int().nullable(),
  user: publicUserSchema,
});
export type Registration = z.infer<typeof registrationSchema>;

/** POST /api/events/{id}/register answers with the new registration (status says whether waitlisted). */
export const registerResultSchema = registrationSchema;

/** PUT /api/registrations/{id}/payment. */
export const paymentInputSchema = z.object({
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Ogiltig betalningsstatus' }),
});

export const registrationIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Ogiltigt anmälnings-id' })
    .int({ error: 'Ogiltigt anmälnings-id' })
    .positive({ error: 'Ogiltigt anmälnings-id' })
    .max(2_147_483_647, { error: 'Ogiltigt anmälnings-id' }),
});

/** GET /api/users/{userId}/registrations: one item per registration, with its event. */
export const userRegistrationSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  registeredAt: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  groupId: z.number().int().nullable(),
  dietaryPreferences: z.string().nullable(),
  notes: z.string().nullable(),
  event: eventSchema,
});
export type UserRegistration = z.infer<typeof userRegistrationSchema>;

/** 403 for a free member: the client opens the upgrade dialog. */
export const requiresUpgradeSchema = z.object({ requiresUpgrade: z.literal(true), message: z.string() });
