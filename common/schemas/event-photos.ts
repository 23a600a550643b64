import { z } from 'zod';
import { EVENT_PHOTO_ALT_MAX, EVENT_PHOTOS_PER_MEMBER, IMAGE_VARIANT_FORMATS } from '../limits';
import { msg } from '../messages';
import { eventIdParamsSchema } from './events';

/**
 * The text fields of POST /api/events/{id}/photos (multipart, sent before the file `image`): the alt
 * text (required, trimmed, at most EVENT_PHOTO_ALT_MAX characters, no control characters) and the
 * uploader's confirmation that everyone in the photo agreed to it being shown (`consent` = 'true').
 */
export const eventPhotoFieldsSchema = z.object({
  altText: z
    .string({ error: msg.photoAltRequired })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, { error: msg.photoAltRequired })
        .max(EVENT_PHOTO_ALT_MAX, { error: msg.photoAltTooLong })
        // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL and other control characters are refused
        .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { error: msg.photoAltRequired }),
    ),
  consent: z.literal('true', { error: msg.photoConsentRequired }),
});
export type EventPhotoFields = z.input<typeof eventPhotoFieldsSchema>;

/** /api/events/{id}/photos/{photoId}. */
export const eventPhotoParamsSchema = eventIdParamsSchema.extend({
  photoId: z.uuid({ error: msg.photoNotFound }),
});

/** One resized copy of a photo (the image pipeline's AVIF/WebP widths). */
export const photoVariantSchema = z.object({
  format: z.enum(IMAGE_VARIANT_FORMATS),
  width: z.number().int(),
  url: z.string(),
});

/** A trip photo as its event's participants see it. */
export const eventPhotoSchema = z.object({
  id: z.string(),
  eventId: z.number().int(),
  imageId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  altText: z.string(),
  /** The stored original (re-encoded, without metadata) and the 400 px thumbnail. */
  url: z.string(),
  thumbnailUrl: z.string(),
  /** AVIF and WebP copies in the pipeline's widths, never wider than the photo. */
  variants: z.array(photoVariantSchema),
  uploader: z.object({ id: z.string(), name: z.string() }).nullable(),
  mine: z.boolean(),
  createdAt: z.string(),
  abilities: z.object({ canDelete: z.boolean(), canReport: z.boolean() }),
});
export type EventPhoto = z.infer<typeof eventPhotoSchema>;

/** GET /api/events/{id}/photos: the gallery and what the caller may do. */
export const eventPhotoListSchema = z.object({
  photos: z.array(eventPhotoSchema),
  canUpload: z.boolean(),
  /** The caller's own photos of this event, and the most they may add (EVENT_PHOTOS_PER_MEMBER). */
  myCount: z.number().int(),
  limit: z.literal(EVENT_PHOTOS_PER_MEMBER),
});
export type EventPhotoList = z.infer<typeof eventPhotoListSchema>;

/** GET /api/me/photos ('Mina bilder'): the member's own photos across events, newest first. */
export const myPhotoListSchema = z.array(
  eventPhotoSchema.extend({ event: z.object({ id: z.number().int(), title: z.string() }) }),
);
export type MyPhoto = z.infer<typeof myPhotoListSchema>[number];
