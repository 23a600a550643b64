import { z } from 'zod';
import { DIETARY_PREFERENCES_MAX, TEXT_LONG_MAX } from '../limits';
import { msg } from '../messages';
import { ATTENDANCE_VALUES, PAYMENT_STATUSES, REGISTRATION_STATUSES, ROOM_WISHES } from '../options';
import { eventSchema } from './events';
import { checkRoomMate, roomWishFields } from './room-wish';
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
  z
    .object({
      dietaryPreferences: optionalText(
        DIETARY_PREFERENCES_MAX,
        `Kostpreferenser får vara högst ${DIETARY_PREFERENCES_MAX} tecken`,
      ),
      /** Explicit consent to storing dietary needs and allergies (health data, GDPR Art. 9). */
      dietaryConsent: z.boolean({ error: msg.dietaryConsentRequired }).optional(),
      notes: optionalText(TEXT_LONG_MAX, `Övriga önskemål får vara högst ${TEXT_LONG_MAX} tecken`),
      ...roomWishFields,
    })
    .refine((v) => !v.dietaryPreferences || v.dietaryConsent === true, {
      error: msg.dietaryConsentRequired,
      path: ['dietaryConsent'],
    })
    .superRefine(checkRoomMate),
);
export type RegisterInput = z.input<typeof registerInputSchema>;

/** One registration of an event as listed; private fields are null unless the caller may read them. */
export const registrationSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  userId: z.string(),
  registeredAt: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  /** Only for admins and the registration's own member (null for everyone else). */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  /** Only for admins and the registration's own member. */
  dietaryPreferences: z.string().nullable(),
  /** Only for admins and the registration's own member. */
  notes: z.string().nullable(),
  golfId: z.string().nullable(),
  handicap: z.number().nullable(),
  groupId: z.number().int().nullable(),
  user: publicUserSchema,
  /** While offered: when the offer passes to the next in line. */
  offerExpiresAt: z.string().nullable(),
  /** The life-cycle fields below: only for admins and the registration's own member (null otherwise). */
  cancelledAt: z.string().nullable(),
  lateCancellation: z.boolean().nullable(),
  amountDue: z.number().int().nullable(),
  attendance: z.enum(ATTENDANCE_VALUES).nullable(),
  amountPaid: z.number().int().nullable(),
  amountRefunded: z.number().int().nullable(),
  /** The fee was paid on the site (it can be refunded there); only for admins and the member. */
  paidOnline: z.boolean().nullable(),
  /** Trips with overnight stays: the room wish, and the room mate's name with 'shared_with' (private). */
  roomWish: z.enum(ROOM_WISHES).nullable(),
  roomMateName: z.string().nullable(),
  /** Issue 30: the participant named by id (null for a name typed before issue 30), and 'mixed is fine'. */
  roomMateId: z.string().nullable(),
  roomMixedOk: z.boolean().nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** GET /api/events/{id}/registrations?include=cancelled (admins): the cancelled history too. */
export const registrationListQuerySchema = z.object({
  include: z.enum(['cancelled'], { error: 'Ogiltigt värde för include' }).optional(),
});

/** GET /api/events/{id}/registration: the caller's own registration and where it stands. */
export const myRegistrationSchema = z.object({
  id: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  registeredAt: z.string(),
  /** 1-based place in the queue while waitlisted, else null. */
  position: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  amountDue: z.number().int(),
  lateCancellation: z.boolean(),
  attendance: z.enum(ATTENDANCE_VALUES).nullable(),
  amountPaid: z.number().int(),
  amountRefunded: z.number().int(),
  /** The event fee can be paid on the site now ('Betala'). */
  canPay: z.boolean(),
});
export type MyRegistration = z.infer<typeof myRegistrationSchema>;
/** GET /api/events/{id}/registration answers null when the caller has no registration of the event. */
export const myRegistrationOrNoneSchema = myRegistrationSchema.nullable();

/** DELETE /api/events/{id}/register answers what happened, including a late-cancellation fee. */
export const cancelResultSchema = z.object({
  message: z.string(),
  promotedCount: z.number().int(),
  lateCancellation: z.boolean(),
  amountDue: z.number().int(),
});

/** PUT /api/registrations/{id}/attendance (admin). */
export const attendanceInputSchema = z.object({
  attendance: z.enum(ATTENDANCE_VALUES, { error: 'Ogiltig närvaro' }).nullable(),
});

/** POST /api/registrations/{id}/refund (admin): SEK, at most what was paid less what was refunded. */
export const refundInputSchema = z.object({
  amount: z
    .number({ error: 'Ange ett belopp i kronor' })
    .int({ error: 'Beloppet anges i hela kronor' })
    .positive({ error: 'Beloppet måste vara större än 0' })
    .max(1_000_000, { error: 'Beloppet är för högt' }),
});

/** One refund of a registration's event fee. */
export const refundSchema = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  amount: z.number().int(),
  createdAt: z.string(),
});

/** POST /api/events/{id}/checkout: where to pay the event fee. */
export const eventCheckoutResultSchema = z.object({ checkoutUrl: z.string() });

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
  /** The ball group once the event's groups are published (admins: always); null otherwise. */
  groupId: z.number().int().nullable(),
  /** The same group with its name, tee time (ISO and "HH:mm" Swedish time) and starting hole. */
  group: z
    .object({
      id: z.number().int(),
      name: z.string(),
      teeTime: z.string().nullable(),
      teeTimeLocal: z.string().nullable(),
      startingHole: z.number().int().nullable(),
    })
    .nullable(),
  dietaryPreferences: z.string().nullable(),
  notes: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  amountDue: z.number().int(),
  lateCancellation: z.boolean(),
  /** What was paid for the place on the site, and refunded of it (SEK): 'Betald 445 kr' (issue 27). */
  amountPaid: z.number().int(),
  amountRefunded: z.number().int(),
  /** The event fee can be paid on the site now ('Betala nu'). */
  canPay: z.boolean(),
  event: eventSchema,
});
export type UserRegistration = z.infer<typeof userRegistrationSchema>;

/** 403 for a free member: the client opens the upgrade dialog. */
export const requiresUpgradeSchema = z.object({ requiresUpgrade: z.literal(true), message: z.string() });
