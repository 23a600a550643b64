import { msg } from '@common/messages';
import {
  type ImageInfo,
  imageEntityInputSchema,
  imageIdParamsSchema,
  imageSchema,
  imageUploadFieldsSchema,
} from '@common/schemas/images';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { authorize, NotFoundError, PayloadTooLargeError, ValidationError } from '../errors';
import { canAttachImage, canMoveImage } from './images.policy';
import { findImageBytes, findImageMeta, type ImageMeta, setImageEntity } from './images.queries';
import { checkImageEntity, storeImage } from './images.service';

const errorSchema = z.object({ message: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema };

function presentImage(m: ImageMeta): ImageInfo {
  return {
    id: m.id,
    mimeType: m.mimeType,
    width: m.width,
    height: m.height,
    originalSize: m.originalSize,
    thumbnailSize: m.thumbnailSize,
    entityType: m.entityType,
    entityId: m.entityId,
    url: `/api/images/${m.id}/original`,
    thumbnailUrl: `/api/images/${m.id}/thumbnail`,
    createdAt: m.createdAt.toISOString(),
  };
}

/** Reads the multipart request: the file `image` (at most 3 MB) and the text fields. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new ValidationError(msg.imageMissing);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || bytes) {
          await part.toBuffer();
          continue;
        }
        bytes = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
      throw new PayloadTooLargeError(msg.imageTooLarge);
    if (code?.startsWith('FST_')) throw new ValidationError(msg.imageInvalid);
    throw err;
  }
  if (!bytes?.length) throw new ValidationError(msg.imageMissing);
  return { bytes, fields };
}

/** Serves one variant with a year-long immutable cache and an ETag (the bytes of an id never change). */
async function sendImage(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
  variant: 'original' | 'thumbnail',
) {
  const { id } = request.params;
  const etag = `"${id}-${variant}"`;
  const cache = 'public, max-age=31536000, immutable';
  const match = request.headers['if-none-match'];
  if (match && (match === '*' || match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))) {
    const exists = await findImageMeta(app.db, id);
    if (exists) return reply.status(304).header('cache-control', cache).header('etag', etag).send();
  }
  const img = await findImageBytes(app.db, id, variant);
  if (!img) throw new NotFoundError(msg.imageNotFound);
  return reply.type(img.mimeType).header('cache-control', cache).header('etag', etag).send(img.data);
}

/** Image upload, linking and serving. */
export async function imagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/images/upload',
    {
      schema: {
        tags: ['images'],
        summary: 'Upload an image (multipart: image, entityType event|profile, entityId); at most 3 MB',
        consumes: ['multipart/form-data'],
        response: { 201: imageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { bytes, fields } = await readUpload(request);
      const parsed = imageUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? msg.validationFailed);
      const { entityType, entityId } = parsed.data;
      authorize(canAttachImage(user, entityType, entityId));
      const meta = await storeImage(app.db, { bytes, entityType, entityId });
      return reply.status(201).send(presentImage(meta));
    },
  );

  r.patch(
    '/api/images/:id/entity',
    {
      schema: {
        tags: ['images'],
        summary: 'Link an uploaded image to its entity (e.g. the event created after the upload)',
        params: imageIdParamsSchema,
        body: imageEntityInputSchema,
        response: { 200: imageSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const image = await findImageMeta(app.db, request.params.id);
      if (!image) throw new NotFoundError(msg.imageNotFound);
      authorize(canMoveImage(user, image, request.body.entityId));
      await checkImageEntity(app.db, image.entityType, request.body.entityId);
      const updated = await setImageEntity(app.db, image.id, request.body.entityId);
      if (!updated) throw new NotFoundError(msg.imageNotFound);
      return presentImage(updated);
    },
  );

  const binary = z.any().describe('image bytes');
  for (const variant of ['original', 'thumbnail'] as const) {
    r.get(
      `/api/images/:id/${variant}`,
      {
        schema: {
          tags: ['images'],
          summary: `The ${variant} image bytes (immutable, cached for a year, ETag)`,
          params: imageIdParamsSchema,
          response: {
            200: binary,
            304: z.null().describe('not modified'),
            400: errorSchema,
            404: errorSchema,
          },
        },
      },
      (request, reply) => sendImage(app, request, reply, variant),
    );
  }
}
