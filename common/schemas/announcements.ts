import { z } from 'zod';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_SUBJECT_MAX, DUPLICATE_WEEKS_MAX } from '../limits';
import { ANNOUNCEMENT_AUDIENCES } from '../options';

/** POST /api/admin/events/{id}/announcements: a message from the organiser to part of the event. */
export const announcementInputSchema = z.object({
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Välj vilka som ska få meddelandet' }),
  subject: z
    .string({ error: 'Ange en rubrik' })
    .trim()
    .min(1, { error: 'Ange en rubrik' })
    .max(ANNOUNCEMENT_SUBJECT_MAX, { error: `Rubriken får vara högst ${ANNOUNCEMENT_SUBJECT_MAX} tecken` }),
  body: z
    .string({ error: 'Skriv ett meddelande' })
    .trim()
    .min(1, { error: 'Skriv ett meddelande' })
    .max(ANNOUNCEMENT_BODY_MAX, { error: `Meddelandet får vara högst ${ANNOUNCEMENT_BODY_MAX} tecken` }),
  /** Also post it in the event's group chat. */
  postToChat: z.boolean({ error: 'Ogiltigt värde för gruppchatten' }).default(false),
});
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export const announcementResultSchema = z.object({ recipients: z.number().int() });

/** GET /api/admin/events/{id}/announcements/preview: which part of the event would get it. */
export const announcementPreviewQuerySchema = z.object({
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Välj vilka som ska få meddelandet' }),
});

/** Who a notice would reach before the organiser confirms: how many, and the first names in name order. */
export const recipientsPreviewSchema = z.object({
  count: z.number().int(),
  names: z.array(z.string()),
});
export type RecipientsPreview = z.infer<typeof recipientsPreviewSchema>;

/** One announcement as the admin event page lists it. */
export const announcementSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  subject: z.string(),
  body: z.string(),
  recipients: z.number().int(),
  postedToChat: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** POST /api/events/{id}/duplicate: the copy's dates move by this many weeks (default 52). */
export const duplicateEventInputSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    weeks: z.coerce
      .number({ error: 'Antal veckor måste vara ett tal' })
      .int({ error: 'Antal veckor måste vara ett heltal' })
      .min(1, { error: 'Flytta minst en vecka' })
      .max(DUPLICATE_WEEKS_MAX, { error: `Flytta högst ${DUPLICATE_WEEKS_MAX} veckor` })
      .default(52),
  }),
);
