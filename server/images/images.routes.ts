import { IMAGE_WIDTHS } from '@common/limits';
import { msg } from '@common/messages';
import { IMAGE_ENTITY_TYPES } from '@common/options';
import { errorSchema } from '@common/schemas/errors';
import {
  type ImageInfo,
  imageEntityInputSchema,
  imageIdParamsSchema,
  imageSchema,
  imageUploadFieldsSchema,
  imageVariantParamsSchema,
} from '@common/schemas/images';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../auth/auth.policy';
import { requireUser } from '../auth/current-user';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { authorize, NotFoundError, ValidationError } from '../errors';
import {
  canAttachImage,
  canViewImage,
  isPrivateImageType,
  type PrivateImageEntityType,
} from './images.policy';
import { findImageBytes, findImageMeta, findImageVariant, type ImageMeta } from './images.queries';
import {
  attachImage,
  checkImageEntity,
  checkUploadAllowance,
  ImagesBusyError,
  makeStoredVariant,
  storeImage,
  UploadLimitError,
  VariantsBusyError,
} from './images.service';
import { readUpload } from './images.upload';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema };
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
// A pending upload or a trip photo is not for everyone: no shared cache keeps it, and the browser asks
// again each time (a 304 after the same check), so a block, a report or a logout takes effect at once.
const PRIVATE_CACHE = 'private, no-cache';

/** Whether a viewer may see one image of a private entity type (by its id); handed in by the app. */
export type PrivateImageRule = (db: Db, viewer: Actor | null, imageId: string) => Promise<boolean>;

export interface ImagesRoutesOptions {
  /**
   * The rules of the private entity types (trip photos: server/event-photos/), which sit in higher
   * domains, so the app (server/app.ts) hands them in. An image of a private type without its rule here
   * is served to nobody.
   */
  privateImages?: Partial<Record<PrivateImageEntityType, PrivateImageRule>>;
}

/** An image as the serving rules see it. */
interface ServedImage {
  entityType: string;
  entityId: string;
  uploadedBy: string | null;
}

/**
 * How an image may be served to this request: 'public' (cached by anyone for a year), 'private'
 * (this browser only, revalidated), or null (404, as if there were no such image). Only a pending
 * image or one of a private type needs the session's member; public ones cost no user lookup.
 */
async function imageAccess(
  app: FastifyInstance,
  opts: ImagesRoutesOptions,
  request: FastifyRequest,
  id: string,
  img: ServedImage,
): Promise<'public' | 'private' | null> {
  if (isPrivateImageType(img.entityType)) {
    const rule = opts.privateImages?.[img.entityType];
    return rule && (await rule(app.db, await request.currentUser(), id)) ? 'private' : null;
  }
  if (img.entityId !== 'pending') return 'public';
  return canViewImage(await request.currentUser(), img) ? 'private' : null;
}

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

/** The fields of an upload, validated, and whether the member may upload for that entity. */
function uploadTarget(user: UserRow, fields: Record<string, string>) {
  const parsed = imageUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? msg.validationFailed);
  authorize(canAttachImage(user, parsed.data.entityType, parsed.data.entityId));
  return parsed.data;
}

/** Whether the request's If-None-Match names this ETag (or any, `*`). */
function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const match = request.headers['if-none-match'];
  return !!match && (match === '*' || match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));
}

/**
 * Serves one variant with an ETag (the bytes of an id never change): an attached image
 * publicly with a year-long immutable cache; a pending one only to its uploader and a trip photo
 * only to those who may see it, privately (404 to anyone else, as if it did not exist).
 */
async function sendImage(
  app: FastifyInstance,
  opts: ImagesRoutesOptions,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
  variant: 'original' | 'thumbnail',
) {
  const { id } = request.params;
  const etag = `"${id}-${variant}"`;
  const notModified = matchesEtag(request, etag);
  const img = notModified ? await findImageMeta(app.db, id) : await findImageBytes(app.db, id, variant);
  if (!img) throw new NotFoundError(msg.imageNotFound);
  const access = await imageAccess(app, opts, request, id, img);
  if (!access) throw new NotFoundError(msg.imageNotFound);
  reply.header('cache-control', access === 'public' ? PUBLIC_CACHE : PRIVATE_CACHE).header('etag', etag);
  if (notModified || !('data' in img)) return reply.status(304).send();
  return reply.type(img.mimeType).send(img.data);
}

/**
 * Serves a resized AVIF/WebP copy under the rules of sendImage, made on its first request and kept
 * (makeStoredVariant). The width served is the requested one or the image's own when that is smaller;
 * the ETag names it. When too many copies are being made, the original is served instead by a
 * redirect nobody caches, so a page of new images still shows at once.
 */
async function sendVariant(
  app: FastifyInstance,
  opts: ImagesRoutesOptions,
  request: FastifyRequest<{ Params: z.infer<typeof imageVariantParamsSchema> }>,
  reply: FastifyReply,
) {
  const { id, format } = request.params;
  const requested = Number(request.params.width);
  const conditional = !!request.headers['if-none-match'];
  let img = await findImageVariant(app.db, { id, width: requested, format, withData: !conditional });
  if (!img) throw new NotFoundError(msg.imageNotFound);
  const access = await imageAccess(app, opts, request, id, img);
  if (!access) throw new NotFoundError(msg.imageNotFound);
  const etag = `"${id}-w${img.width}.${format}"`;
  const cacheControl = access === 'public' ? PUBLIC_CACHE : PRIVATE_CACHE;
  if (matchesEtag(request, etag))
    return reply.header('cache-control', cacheControl).header('etag', etag).status(304).send();
  if (conditional) img = await findImageVariant(app.db, { id, width: requested, format, withData: true });
  if (!img) throw new NotFoundError(msg.imageNotFound);
  let variant = img.variant?.data ? { mimeType: img.variant.mimeType, data: img.variant.data } : undefined;
  if (!variant) {
    try {
      variant = await makeStoredVariant(app.db, { imageId: id, width: img.width, format });
    } catch (err) {
      if (!(err instanceof VariantsBusyError)) throw err;
      return reply.header('cache-control', 'no-store').redirect(`/api/images/${id}/original`, 307);
    }
  }
  if (!variant) throw new NotFoundError(msg.imageNotFound);
  reply.header('cache-control', cacheControl).header('etag', etag);
  return reply.type(variant.mimeType).send(variant.data);
}

/** Image upload, linking and serving. */
export async function imagesRoutes(app: FastifyInstance, opts: ImagesRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/images/upload',
    {
      schema: {
        tags: ['images'],
        summary:
          'Upload an image (multipart: entityType event|profile, entityId, then image); at most 3 MB, 30 an hour (admins 200)',
        consumes: ['multipart/form-data'],
        response: { 201: imageSchema, ...errors, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      try {
        // Before a byte of the upload is read: the member's hour (one indexed count).
        await checkUploadAllowance(app.db, user);
        const { bytes, fields } = await readUpload(request, {
          ready: (f) => 'entityType' in f && 'entityId' in f,
          beforeFile: (f) => uploadTarget(user, f),
        });
        const { entityType, entityId } = uploadTarget(user, fields);
        const meta = await storeImage(app.db, { bytes, entityType, entityId, actor: user });
        return reply.status(201).send(presentImage(meta));
      } catch (err) {
        if (err instanceof UploadLimitError || err instanceof ImagesBusyError) {
          reply.header('retry-after', String(err.retryAfterSeconds));
        }
        throw err;
      }
    },
  );

  r.patch(
    '/api/images/:id/entity',
    {
      schema: {
        tags: ['images'],
        summary:
          'Link an uploaded image to its entity (e.g. the event created after the upload): only your own pending upload, or an image already linked there; an image you may not see answers 404, as an unknown id',
        params: imageIdParamsSchema,
        body: imageEntityInputSchema,
        response: { 200: imageSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { entityId } = request.body;
      const image = await findImageMeta(app.db, request.params.id);
      // An image the caller may not see (a trip photo outside their gallery, someone else's pending upload)
      // does not exist for them: the same 404 as an unknown id, so a refusal tells nobody the id is taken.
      if (!image || !(await imageAccess(app, opts, request, image.id, image))) {
        throw new NotFoundError(msg.imageNotFound);
      }
      const entityType = IMAGE_ENTITY_TYPES.find((type) => type === image.entityType);
      authorize(!!entityType && canAttachImage(user, entityType, entityId));
      // Linking names an entity; back to 'pending' would free the image for another entity.
      if (entityId === 'pending') throw new ValidationError(msg.imageEntityInvalid);
      await checkImageEntity(app.db, entityType, entityId);
      const linked = await app.db.transaction((tx) =>
        attachImage(tx, {
          imageId: image.id,
          entityType,
          entityId,
          actor: user,
          notFound: msg.imageNotFound,
        }),
      );
      return presentImage(linked);
    },
  );

  const binary = z.any().describe('image bytes');
  for (const variant of ['original', 'thumbnail'] as const) {
    r.get(
      `/api/images/:id/${variant}`,
      {
        schema: {
          tags: ['images'],
          summary: `The ${variant} image bytes (ETag; immutable, cached for a year; a pending upload or a trip photo privately, revalidated, and 404 to anyone who may not see it)`,
          params: imageIdParamsSchema,
          response: {
            200: binary,
            304: z.null().describe('not modified'),
            400: errorSchema,
            404: errorSchema,
          },
        },
      },
      (request, reply) => sendImage(app, opts, request, reply, variant),
    );
  }

  r.get(
    '/api/images/:id/w/:width.:format',
    {
      schema: {
        tags: ['images'],
        summary: `The image resized to a width (${IMAGE_WIDTHS.join(', ')}; never wider than the image) as AVIF or WebP, made once on first request; an animated image is animated WebP (caching and access as the original)`,
        params: imageVariantParamsSchema,
        response: {
          200: binary,
          304: z.null().describe('not modified'),
          307: z.null().describe('busy making copies: the original instead (not cached)'),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    (request, reply) => sendVariant(app, opts, request, reply),
  );
}
