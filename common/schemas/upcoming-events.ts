import { z } from 'zod';
import { EVENT_STATUSES, LIVE_REGISTRATION_STATUSES, PAYMENT_STATUSES } from '../options';

/**
 * GET /api/me/upcoming-events: one of the caller's coming events (not yet ended) with their live
 * registration — the start page's 'Dina kommande evenemang', the badges of the events list and
 * calendar, and event day on the event page.
 */
export const upcomingEventSchema = z.object({
  registrationId: z.number().int(),
  status: z.enum(LIVE_REGISTRATION_STATUSES),
  /** 1-based place on the reservlista while waitlisted, else null. */
  position: z.number().int().nullable(),
  /** While offered: until when the place is held. */
  offerExpiresAt: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** SEK still to pay for the event (common/rules/payment-figures.ts `paymentFigures(…).due`). */
  amountToPay: z.number().int(),
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    location: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    status: z.enum(EVENT_STATUSES),
    price: z.number().int(),
    payOnline: z.boolean(),
    greenFeeIncluded: z.boolean(),
    coffeeIncluded: z.boolean(),
    lunchIncluded: z.boolean(),
  }),
  /** The member's ball group once the event's groups are published; null before. */
  group: z
    .object({
      name: z.string(),
      /** ISO instant and "HH:mm" Swedish time; null while no tee time is set. */
      teeTime: z.string().nullable(),
      teeTimeLocal: z.string().nullable(),
      startingHole: z.number().int().nullable(),
    })
    .nullable(),
});
export type UpcomingEvent = z.infer<typeof upcomingEventSchema>;

export const upcomingEventsSchema = z.array(upcomingEventSchema);
