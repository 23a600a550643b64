import { EVENT_PHOTOS_PER_MEMBER } from '@common/limits';
import { msg } from '@common/messages';
import { errorSchema } from '@common/schemas/errors';
import {
  eventPhotoFieldsSchema,
  eventPhotoListSchema,
  eventPhotoParamsSchema,
  eventPhotoSchema,
  myPhotoListSchema,
} from '@common/schemas/event-photos';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import type { Db } from '../db/client';
import { ValidationError } from '../errors';
import { checkUploadAllowance, ImagesBusyError, UploadLimitError } from '../images/images.service';
import { readUpload } from '../images/images.upload';
import { presentPhoto } from './event-photos.presenter';
import { countMemberEventPhotos, listMemberPhotos } from './event-photos.queries';
import {
  addPhoto,
  checkPhotoUpload,
  deletePhoto,
  listPhotosFor,
  requirePhotoViewer,
} from './event-photos.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export interface EventPhotosRoutesOptions {
  /**
   * The photos a member has reported (hidden from them at once). Reports sit above this domain, so the
   * app (server/app.ts) hands in their query.
   */
  reportedPhotoIds: (db: Db, reporterId: string) => Promise<string[]>;
}

/** The upload's text fields, validated (400 with the first Swedish message). */
function photoFields(fields: Record<string, string>) {
  const parsed = eventPhotoFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? msg.validationFailed);
  return parsed.data;
}

/** Trip photos (issue 30): upload, the gallery, removing one's own, and 'Mina bilder'. */
export async function eventPhotosRoutes(app: FastifyInstance, opts: EventPhotosRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/events/:id/photos',
    {
      schema: {
        tags: ['event-photos'],
        summary: `Add a photo of an event (multipart: altText, consent=true, then image; JPEG, PNG, GIF, WebP or HEIC, at most 3 MB, re-encoded without metadata): its participants, once it has started, at most ${EVENT_PHOTOS_PER_MEMBER} each`,
        consumes: ['multipart/form-data'],
        params: eventIdParamsSchema,
        response: {
          201: eventPhotoSchema,
          ...errors,
          409: errorSchema,
          413: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const eventId = request.params.id;
      try {
        // Before a byte of the upload is read: who may add a photo, the event's limit, the hour's.
        await checkPhotoUpload(app.db, user, eventId);
        await checkUploadAllowance(app.db, user);
        const { bytes, fields } = await readUpload(request, {
          ready: (f) => 'altText' in f && 'consent' in f,
          beforeFile: photoFields,
        });
        const { altText } = photoFields(fields);
        const photo = await addPhoto(app.db, { actor: user, eventId, bytes, altText });
        return reply.status(201).send(presentPhoto(photo, user));
      } catch (err) {
        if (err instanceof UploadLimitError || err instanceof ImagesBusyError) {
          reply.header('retry-after', String(err.retryAfterSeconds));
        }
        throw err;
      }
    },
  );

  r.get(
    '/api/events/:id/photos',
    {
      schema: {
        tags: ['event-photos'],
        summary:
          "An event's photos for its participants and admins (never a blocked member's, never one the caller reported), newest first",
        params: eventIdParamsSchema,
        response: { 200: eventPhotoListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const eventId = request.params.id;
      await requirePhotoViewer(app.db, user, eventId);
      const reported = await opts.reportedPhotoIds(app.db, user.id);
      const photos = await listPhotosFor(app.db, user, eventId, reported);
      const myCount = await countMemberEventPhotos(app.db, { eventId, userId: user.id });
      const canUpload = await checkPhotoUpload(app.db, user, eventId).then(
        () => true,
        () => false,
      );
      return {
        photos: photos.map((p) => presentPhoto(p, user)),
        canUpload,
        myCount,
        limit: EVENT_PHOTOS_PER_MEMBER as typeof EVENT_PHOTOS_PER_MEMBER,
      };
    },
  );

  r.delete(
    '/api/events/:id/photos/:photoId',
    {
      schema: {
        tags: ['event-photos'],
        summary: 'Delete a photo with its image and copies: its uploader or an admin',
        params: eventPhotoParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await deletePhoto(app.db, user, request.params.id, request.params.photoId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/me/photos',
    {
      schema: {
        tags: ['event-photos'],
        summary: "'Mina bilder': the caller's own photos across events, newest first",
        response: { 200: myPhotoListSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const rows = await listMemberPhotos(app.db, user.id);
      return rows.map((p) => ({ ...presentPhoto(p, user), event: { id: p.eventId, title: p.eventTitle } }));
    },
  );
}
