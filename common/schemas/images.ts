import { z } from 'zod';
import { IMAGE_VARIANT_FORMATS, IMAGE_WIDTHS, type ImageWidth } from '../limits';
import { msg } from '../messages';
import { IMAGE_ENTITY_TYPES } from '../options';

/** Multipart fields of POST /api/images/upload besides the file `image`. */
export const imageUploadFieldsSchema = z.object({
  entityType: z.enum(IMAGE_ENTITY_TYPES, { error: 'Ogiltig bildtyp (event eller profile)' }),
  entityId: z
    .string({ error: 'entityId krävs' })
    .trim()
    .min(1, { error: 'entityId krävs' })
    .max(100, { error: 'entityId är för långt' }),
});

/** An uploaded image as the API describes it (bytes are served from url and thumbnailUrl). */
export const imageSchema = z.object({
  id: z.string(),
  mimeType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  originalSize: z.number().int(),
  thumbnailSize: z.number().int(),
  entityType: z.string(),
  entityId: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  createdAt: z.string(),
});
export type ImageInfo = z.infer<typeof imageSchema>;

/** PATCH /api/images/{id}/entity. */
export const imageEntityInputSchema = z.object({
  entityId: z.coerce
    .string({ error: 'entityId krävs' })
    .trim()
    .min(1, { error: 'entityId krävs' })
    .max(100, { error: 'entityId är för långt' }),
});

export const imageIdParamsSchema = z.object({ id: z.uuid({ error: 'Ogiltigt bild-id' }) });

/** GET /api/images/{id}/w/{width}.{format}: one of the fixed widths, AVIF or WebP. */
export const imageVariantParamsSchema = imageIdParamsSchema.extend({
  width: z
    .enum(IMAGE_WIDTHS.map(String) as [`${ImageWidth}`, ...`${ImageWidth}`[]], {
      error: msg.imageWidthInvalid,
    })
    .describe(`one of ${IMAGE_WIDTHS.join(', ')}; wider than the image gives the image's own width`),
  format: z.enum(IMAGE_VARIANT_FORMATS, { error: msg.imageFormatInvalid }),
});
