import { z } from 'zod';
import {
  CALENDAR_SPAN_MAX_YEARS,
  EVENT_DATE_MAX,
  EVENT_DATE_MIN,
  MAX_PARTICIPANTS_MIN,
  MAX_PARTICIPANTS_STEP,
  SINGLE_ROOM_SUPPLEMENT_MAX,
  TEXT_LONG_MAX,
  TEXT_SHORT_MAX,
  WAITLIST_OFFER_HOURS_MAX,
} from '../limits';
import { msg } from '../messages';
import { EVENT_FILTERS, EVENT_STATUSES, LIVE_REGISTRATION_STATUSES, WAITLIST_MODES } from '../options';
import { totalPrice } from '../rules/event-price';
import { eventGolfFieldsSchema, eventGolfSchema } from './scoring';

/** An event as the API returns it, with its registration counts. */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  registrationDeadline: z.string().nullable(),
  maxParticipants: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(EVENT_STATUSES),
  price: z.number().int(),
  /** The spec's 'additional internal notes': sent to administrators only, absent for everyone else. */
  notes: z.string().nullable().optional(),
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  imageId: z.string().nullable(),
  registrationFee: z.number().int(),
  greenFee: z.number().int().nullable(),
  greenFeeIncluded: z.boolean(),
  coffeeIncluded: z.boolean(),
  lunchIncluded: z.boolean(),
  /** Places taken: registered members and open offers (what capacity counts). */
  registeredCount: z.number().int(),
  /** Of registeredCount, the places offered to the waitlist and not yet answered. */
  offeredCount: z.number().int(),
  waitlistedCount: z.number().int(),
  registrationOpensAt: z.string().nullable(),
  waitlistMode: z.enum(WAITLIST_MODES),
  waitlistOfferHours: z.number().int(),
  cancellationDeadline: z.string().nullable(),
  lateCancellationFee: z.number().int(),
  payOnline: z.boolean(),
});
export type Event = z.infer<typeof eventSchema>;

const DATE_MIN = new Date(EVENT_DATE_MIN);
const DATE_MAX = new Date(EVENT_DATE_MAX);
/** Inside the years the site deals in (2000–2100): PostgreSQL and calendars stay out of trouble. */
const inSaneRange = (d: Date) => d.getTime() >= DATE_MIN.getTime() && d.getTime() <= DATE_MAX.getTime();
const yearsLabel = `${DATE_MIN.getUTCFullYear()} och ${DATE_MAX.getUTCFullYear()}`;

const isoDate = (label: string) =>
  z.coerce
    .date({ error: `${label} måste vara ett giltigt datum` })
    .refine((d) => !Number.isNaN(d.getTime()), {
      error: `${label} måste vara ett giltigt datum`,
    })
    .refine(inSaneRange, { error: `${label} måste vara mellan ${yearsLabel}` });

const fee = (label: string) =>
  z.coerce
    .number({ error: `${label} måste vara ett tal` })
    .int({ error: `${label} anges i hela kronor` })
    .min(0, { error: `${label} får inte vara negativ` })
    .max(1_000_000, { error: `${label} är för hög` });

/** Fields of the event form (spec §5 'Event form'), shared by the form and POST/PUT /api/events. */
export const eventFieldsSchema = z.object({
  title: z.string().trim().min(1, { error: 'Ange ett namn på evenemanget' }).max(TEXT_SHORT_MAX),
  description: z.string().max(TEXT_LONG_MAX).nullish(),
  location: z.string().trim().min(1, { error: 'Ange en plats' }).max(TEXT_SHORT_MAX),
  maxParticipants: z.coerce
    .number({ error: 'Max antal deltagare måste vara ett tal' })
    .int({ error: 'Max antal deltagare måste vara ett heltal' })
    .min(MAX_PARTICIPANTS_MIN, { error: msg.maxParticipantsMin })
    .max(10_000, { error: 'Max antal deltagare är för högt' })
    .refine((n) => n % MAX_PARTICIPANTS_STEP === 0, {
      error: `Max antal deltagare anges i steg om ${MAX_PARTICIPANTS_STEP}`,
    }),
  startTime: isoDate('Starttid'),
  endTime: isoDate('Sluttid'),
  registrationDeadline: isoDate('Sista anmälningsdag').nullish(),
  status: z.enum(EVENT_STATUSES).default('upcoming'),
  createdBy: z.unknown().optional(),
  price: fee('Totalpris').optional(),
  notes: z.string().max(TEXT_LONG_MAX).nullish(),
  registrationFee: fee('Anmälningsavgift').default(0),
  greenFee: fee('Greenfee').nullish(),
  greenFeeIncluded: z.boolean().default(false),
  coffeeIncluded: z.boolean().default(false),
  lunchIncluded: z.boolean().default(false),
  imageId: z.uuid({ error: 'Ogiltigt bild-id' }).nullish(),
  image: z.string().max(2000).nullish(),
  imageUrl: z.string().max(2000).nullish(),
  registrationOpensAt: isoDate('Anmälan öppnar').nullish(),
  waitlistMode: z.enum(WAITLIST_MODES, { error: 'Ogiltigt läge för reservlistan' }).default('auto'),
  waitlistOfferHours: z.coerce
    .number({ error: msg.waitlistOfferHoursRange })
    .int({ error: msg.waitlistOfferHoursRange })
    .min(1, { error: msg.waitlistOfferHoursRange })
    .max(WAITLIST_OFFER_HOURS_MAX, { error: msg.waitlistOfferHoursRange })
    .default(24),
  cancellationDeadline: isoDate('Sista dag för avbokning').nullish(),
  lateCancellationFee: fee('Avgift vid sen avbokning').default(0),
  payOnline: z.boolean({ error: 'Ogiltigt värde för betalning på sajten' }).default(false),
  /** Trips (issue 30): what a single room costs on top, in kr; empty: none stated. */
  singleRoomSupplement: z.coerce
    .number({ error: msg.singleRoomSupplementInvalid })
    .int({ error: msg.singleRoomSupplementInvalid })
    .min(0, { error: msg.singleRoomSupplementInvalid })
    .max(SINGLE_ROOM_SUPPLEMENT_MAX, { error: msg.singleRoomSupplementInvalid })
    .nullish(),
  // Golf settings (issue 29): course, tee per gender, format, allowance, hidden leaderboard.
  ...eventGolfFieldsSchema.shape,
});

/** The cross-field rules of spec §5, as one refinement used by client and server. */
export const eventInputSchema = eventFieldsSchema.superRefine((v, ctx) => {
  if (v.endTime.getTime() <= v.startTime.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: msg.endAfterStart });
  }
  if (v.registrationDeadline && v.registrationDeadline.getTime() >= v.startTime.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['registrationDeadline'], message: msg.deadlineBeforeStart });
  }
  if (v.cancellationDeadline && v.cancellationDeadline.getTime() >= v.startTime.getTime()) {
    ctx.addIssue({
      code: 'custom',
      path: ['cancellationDeadline'],
      message: msg.cancellationDeadlineBeforeStart,
    });
  }
  if (v.registrationOpensAt && v.registrationOpensAt.getTime() >= v.startTime.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['registrationOpensAt'], message: msg.opensBeforeStart });
  } else if (
    v.registrationOpensAt &&
    v.registrationDeadline &&
    v.registrationOpensAt.getTime() >= v.registrationDeadline.getTime()
  ) {
    ctx.addIssue({ code: 'custom', path: ['registrationOpensAt'], message: msg.opensBeforeDeadline });
  }
  if (v.courseId && !v.scoringFormat) {
    ctx.addIssue({ code: 'custom', path: ['scoringFormat'], message: msg.eventFormatRequired });
  }
  if (v.payOnline && totalPrice(v) <= 0) {
    ctx.addIssue({ code: 'custom', path: ['payOnline'], message: msg.payOnlineNeedsPrice });
  }
  if (v.price != null && v.price !== totalPrice(v)) {
    ctx.addIssue({
      code: 'custom',
      path: ['price'],
      message: 'Totalpriset måste vara anmälningsavgiften plus greenfee (när greenfee inte ingår)',
    });
  }
});
export type EventInput = z.infer<typeof eventInputSchema>;

/** GET /api/events filters; from/to (a calendar's range) at most CALENDAR_SPAN_MAX_YEARS apart. */
export const eventListQuerySchema = z
  .object({
    status: z.enum(EVENT_FILTERS).optional(),
    q: z.string().max(TEXT_SHORT_MAX).optional(),
    from: isoDate('Från').optional(),
    to: isoDate('Till').optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.from || !v.to) return;
    if (v.to.getTime() < v.from.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: msg.calendarRangeReversed });
      return;
    }
    const limit = new Date(v.from);
    limit.setUTCFullYear(limit.getUTCFullYear() + CALENDAR_SPAN_MAX_YEARS);
    if (v.to.getTime() > limit.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: msg.calendarSpanTooLong });
    }
  });

/** Path parameter of every /api/events/{id} route. */
export const eventIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Ogiltigt event-id' })
    .int({ error: 'Ogiltigt event-id' })
    .positive({ error: 'Ogiltigt event-id' })
    .max(2_147_483_647, { error: 'Ogiltigt event-id' }),
});

/** What the caller may do with an event (the client shows actions from this, not its own rules). */
export const eventAbilitiesSchema = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** Logged in, not yet registered, registration open. Free members may try: the server answers requiresUpgrade. */
  canRegister: z.boolean(),
  /** The caller is Pro or admin (registering will not need an upgrade). */
  isPro: z.boolean(),
  canCancel: z.boolean(),
  canSeeChat: z.boolean(),
  canManageGroups: z.boolean(),
  canSetPayment: z.boolean(),
  canSeePrivateNotes: z.boolean(),
});
export type EventAbilities = z.infer<typeof eventAbilitiesSchema>;

/** GET /api/events/{id}: the event, its ball-group count, the caller's registration and abilities. */
export const eventDetailSchema = eventSchema.extend({
  ballGroupCount: z.number().int(),
  /** Trip photos of the event (issue 30): everyone sees the count, only participants the photos. */
  photoCount: z.number().int(),
  registrationOpen: z.boolean(),
  /** When the admin published the ball groups to the members (null: not published). */
  ballGroupsPublishedAt: z.string().nullable(),
  /** Trips (issue 30): the single-room supplement in kr (null: none), and when the rooms were published. */
  singleRoomSupplement: z.number().int().nullable(),
  roomsPublishedAt: z.string().nullable(),
  myRegistration: z
    .object({
      id: z.number().int(),
      status: z.enum(LIVE_REGISTRATION_STATUSES),
      paymentStatus: z.enum(['pending', 'paid', 'refunded']),
    })
    .nullable(),
  abilities: eventAbilitiesSchema,
  /** The golf settings (issue 29): course, tees, format; null when the event names no course. */
  golf: eventGolfSchema.nullable(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
