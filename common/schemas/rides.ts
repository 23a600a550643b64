import { z } from 'zod';
import { RIDE_MESSAGE_MAX, RIDE_NOTE_MAX, RIDE_SEATS_MAX, RIDE_SEATS_MIN } from '../limits';
import { msg } from '../messages';
import { RIDE_KINDS, RIDE_PASSENGER_STATUSES } from '../options';
import { findMunicipality } from '../rules/ride-matching';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** POST /api/events/{id}/rides: an offer of seats (seats 1-8) or a request for one (no seats). */
export const createRideSchema = z
  .object({
    kind: z.enum(RIDE_KINDS, { error: msg.rideKindInvalid }),
    from: z
      .string({ error: msg.rideFromInvalid })
      .max(60, { error: msg.rideFromInvalid })
      .transform((v, ctx) => {
        const m = findMunicipality(v);
        if (!m) {
          ctx.addIssue({ code: 'custom', message: msg.rideFromInvalid });
          return z.NEVER;
        }
        return m.name;
      }),
    departAt: z.iso.datetime({ offset: true, error: msg.rideDepartInvalid }),
    seats: z
      .number({ error: msg.rideSeatsInvalid })
      .int({ error: msg.rideSeatsInvalid })
      .min(RIDE_SEATS_MIN, { error: msg.rideSeatsInvalid })
      .max(RIDE_SEATS_MAX, { error: msg.rideSeatsInvalid })
      .nullish()
      .transform((v) => v ?? null),
    note: z
      .string({ error: msg.rideNoteInvalid })
      .max(RIDE_NOTE_MAX, { error: msg.rideNoteTooLong })
      .refine((v) => !CONTROL.test(v), { error: msg.rideNoteInvalid })
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'offer' && v.seats === null) {
      ctx.addIssue({ code: 'custom', message: msg.rideSeatsRequired, path: ['seats'] });
    }
  })
  // A request has no seats of its own.
  .transform((v) => ({ ...v, seats: v.kind === 'offer' ? v.seats : null }));
export type CreateRideInput = z.input<typeof createRideSchema>;

const idParam = (label: string) =>
  z.coerce
    .number({ error: label })
    .int({ error: label })
    .positive({ error: label })
    .max(2_147_483_647, { error: label });

export const rideIdParamsSchema = z.object({ id: idParam('Ogiltigt id för samåkning') });
export const ridePassengerParamsSchema = z.object({
  id: idParam('Ogiltigt id för samåkning'),
  userId: z
    .string({ error: 'Ogiltigt medlems-id' })
    .min(1, { error: 'Ogiltigt medlems-id' })
    .max(64, { error: 'Ogiltigt medlems-id' }),
});

/** A member as a ride shows them: the name only. */
export const rideMemberSchema = z.object({ id: z.string(), name: z.string() });

export const ridePassengerSchema = z.object({
  user: rideMemberSchema,
  status: z.enum(RIDE_PASSENGER_STATUSES),
});

/** One ride as the caller sees it (GET /api/events/{id}/rides). */
export const rideSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  kind: z.enum(RIDE_KINDS),
  from: z.string(),
  /** The municipality's county ('Stockholms län'). */
  county: z.string().nullable(),
  departAt: z.string(),
  seats: z.number().int().nullable(),
  /** Accepted passengers (an offer). */
  seatsTaken: z.number().int(),
  full: z.boolean(),
  note: z.string().nullable(),
  owner: rideMemberSchema,
  mine: z.boolean(),
  /** 'same': from the caller's municipality; 'near': the same county (matched against the caller's own rides). */
  match: z.enum(['same', 'near']).nullable(),
  /** The caller's place in this offer: asked, accepted, or none. */
  myStatus: z.enum(RIDE_PASSENGER_STATUSES).nullable(),
  /** The driver sees everyone who asked; an accepted passenger the accepted ones; others nobody. */
  passengers: z.array(ridePassengerSchema),
  abilities: z.object({
    canJoin: z.boolean(),
    canLeave: z.boolean(),
    canDelete: z.boolean(),
    canAccept: z.boolean(),
    canChat: z.boolean(),
  }),
});
export type Ride = z.infer<typeof rideSchema>;

export const rideListSchema = z.object({ rides: z.array(rideSchema) });
export type RideList = z.infer<typeof rideListSchema>;

/** The ride's conversation (the driver and accepted passengers). */
export const rideMessageSchema = z.object({
  id: z.number().int(),
  sender: rideMemberSchema,
  content: z.string(),
  sentAt: z.string(),
});
export type RideMessage = z.infer<typeof rideMessageSchema>;
export const rideMessagesSchema = z.object({ messages: z.array(rideMessageSchema) });

export const sendRideMessageSchema = z.object({
  content: z
    .string({ error: msg.rideMessageInvalid })
    .trim()
    .min(1, { error: msg.rideMessageInvalid })
    .max(RIDE_MESSAGE_MAX, { error: msg.rideMessageInvalid }),
});
