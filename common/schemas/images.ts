import { z } from 'zod';
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
