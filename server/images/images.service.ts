import { msg } from '@common/messages';
import type { ImageEntityType } from '@common/options';
import type { Actor } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { ConflictError, DomainError, ForbiddenError, ValidationError } from '../errors';
import { imageEntityExists } from './image-entities.queries';
import { imageAttachRefusal, uploadsPerHour } from './images.policy';
import { type ImageVariant, makeImageVariant, processImage } from './images.processing';
import {
  findImageBytes,
  type ImageMeta,
  insertImage,
  insertImageVariant,
  lockImageMeta,
  lockMemberUploads,
  recentUploads,
  setImageEntity,
} from './images.queries';
import { imageWork, QueueFullError } from './images.queue';

const HOUR_MS = 60 * 60 * 1000;

/** The member has used up the hour's uploads (429); `retryAfterSeconds` until the oldest one leaves the hour. */
export class UploadLimitError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(msg.imageUploadLimit, 429);
  }
}

/** Too many images wait for processing on this server (503): try again shortly. */
export class ImagesBusyError extends DomainError {
  readonly retryAfterSeconds = 10;
  constructor() {
    super(msg.imageBusy, 503);
  }
}

/**
 * What a stored image belongs to: the generic upload's types, or a trip photo of an event
 * ('event_photo', entityId the event's id), which only server/event-photos/ stores.
 */
export type StoredImageEntityType = ImageEntityType | 'event_photo';

/** entityId is 'pending' or names an existing event (by id) or member. */
export async function checkImageEntity(db: Db, entityType: string, entityId: string): Promise<void> {
  if (entityId === 'pending') return;
  if (entityType === 'event' || entityType === 'event_photo') {
    const id = /^\d{1,9}$/.test(entityId) ? Number(entityId) : NaN;
    const found = Number.isFinite(id) && (await imageEntityExists(db, 'event', id));
    if (!found) throw new ValidationError(msg.imageEntityInvalid);
    return;
  }
  if (entityType === 'profile') {
    if (!(await imageEntityExists(db, 'profile', entityId)))
      throw new ValidationError(msg.imageEntityInvalid);
    return;
  }
  throw new ValidationError(msg.imageEntityInvalid);
}

/**
 * Throws UploadLimitError when the member has uploaded their hour's worth (the `images` rows of the
 * last hour, so every server instance counts the same uploads). Cheap: asked before the upload is read.
 */
export async function checkUploadAllowance(db: Db, actor: Actor): Promise<void> {
  const limit = uploadsPerHour(actor);
  const recent = await recentUploads(db, { uploadedBy: actor.id, since: new Date(Date.now() - HOUR_MS) });
  if (recent.count >= limit) throw new UploadLimitError(retryAfter(recent.earliest));
}

function retryAfter(earliest: Date | null): number {
  if (!earliest) return 60;
  return Math.max(1, Math.ceil((earliest.getTime() + HOUR_MS - Date.now()) / 1000));
}

/**
 * Validates, re-encodes and stores an uploaded image for an entity. The image work waits its turn in
 * the process's fair queue (images.queue.ts); the hour's limit is checked again, exactly, in the
 * transaction that stores the row, under a lock per member, so parallel uploads cannot pass it together.
 *
 * Where the time of a 3 MB photo went (2-core machine, issue 12), and what changed:
 * - reading the multipart body: 15–20 ms, in chunks; not a problem;
 * - sharp: 1.1–2.1 s of CPU (mozjpeg, the 12 MP input decoded twice), four at once on libuv's four
 *   threads starving the event loop; now about 220 ms, one image at a time (images.processing.ts);
 * - PGlite: the bytea parameter hex-encoded by a JavaScript loop, 270–650 ms of blocked event loop
 *   and connection per 700 kB (3.2 s for a 3 MB original); now 50–60 ms (images.queries.ts).
 * GET /api/events p99 during four parallel uploads went from 1.1 s (7 s on a busy machine) to
 * 130–230 ms on PGlite, and to 60–135 ms on PostgreSQL (bench/hardening.bench.ts).
 */
export async function storeImage(
  db: Db,
  p: { bytes: Buffer; entityType: StoredImageEntityType; entityId: string; actor: Actor },
): Promise<ImageMeta> {
  await checkImageEntity(db, p.entityType, p.entityId);
  let img: Awaited<ReturnType<typeof processImage>>;
  try {
    img = await imageWork.run(p.actor.id, () => processImage(p.bytes));
  } catch (err) {
    if (err instanceof QueueFullError) throw new ImagesBusyError();
    throw err;
  }
  const limit = uploadsPerHour(p.actor);
  return db.transaction(async (tx) => {
    await lockMemberUploads(tx, p.actor.id);
    const recent = await recentUploads(tx, { uploadedBy: p.actor.id, since: new Date(Date.now() - HOUR_MS) });
    if (recent.count >= limit) throw new UploadLimitError(retryAfter(recent.earliest));
    return insertImage(tx, {
      originalData: img.original,
      thumbnailData: img.thumbnail,
      mimeType: img.mimeType,
      originalSize: img.original.length,
      thumbnailSize: img.thumbnail.length,
      width: img.width,
      height: img.height,
      entityType: p.entityType,
      entityId: p.entityId,
      uploadedBy: p.actor.id,
    });
  });
}

/**
 * Makes an uploaded image the image of an entity, inside the caller's transaction:
 * the row stays locked until it commits, so two requests cannot both take one pending
 * image. Refused with `notFound` (400) when there is no such image of this type, 403
 * when it is someone else's pending upload, 409 when it already belongs elsewhere;
 * a refusal changes nothing.
 */
export async function attachImage(
  tx: Db,
  p: { imageId: string; entityType: ImageEntityType; entityId: string; actor: Actor; notFound: string },
): Promise<ImageMeta> {
  const image = await lockImageMeta(tx, p.imageId);
  if (!image || image.entityType !== p.entityType) throw new ValidationError(p.notFound);
  const refusal = imageAttachRefusal(p.actor, image, p.entityId);
  if (refusal === 'notYours') throw new ForbiddenError(msg.imageNotYours);
  if (refusal === 'inUse') throw new ConflictError(msg.imageInUse);
  if (image.entityId === p.entityId) return image;
  return (await setImageEntity(tx, image.id, p.entityId)) ?? image;
}

/** The fair queue's line for resized copies: one line, so they take one turn among the uploaders' lines. */
const VARIANT_QUEUE_KEY = 'image-variants';
/**
 * At most this many copies wait for or take their turn at once, so a page of new images cannot fill
 * the queue's 32 places and turn uploads away; past it a copy is not made now (VariantsBusyError).
 */
export const VARIANT_MAX_IN_QUEUE = 12;
let variantsInQueue = 0;
/** Copies being made in this process, by image/width/format: a second request waits for the first. */
const making = new Map<string, Promise<{ mimeType: string; data: Buffer } | undefined>>();

/** Too many resized copies are being made now: the caller serves the original instead. */
export class VariantsBusyError extends Error {
  constructor() {
    super('image variants are busy');
  }
}

/**
 * Makes and stores the `width` px (already the width served, never more than the image's) copy of
 * an image in a format, once: requests for the same copy in this process share one making, and
 * between instances the first stored copy wins (insert ... on conflict do nothing) and is the one
 * answered. The work takes its turn in the process's fair image queue. Undefined when the image was
 * deleted meanwhile; VariantsBusyError when too many copies are under way.
 */
export function makeStoredVariant(
  db: Db,
  p: { imageId: string; width: number; format: 'avif' | 'webp' },
): Promise<{ mimeType: string; data: Buffer } | undefined> {
  const key = `${p.imageId}/${p.width}/${p.format}`;
  const current = making.get(key);
  if (current) return current;
  if (variantsInQueue >= VARIANT_MAX_IN_QUEUE) return Promise.reject(new VariantsBusyError());
  variantsInQueue++;
  const work = (async () => {
    let made: ImageVariant | undefined;
    try {
      // The original is read when the turn comes, so a waiting copy holds no bytes.
      made = await imageWork.run(VARIANT_QUEUE_KEY, async () => {
        const original = await findImageBytes(db, p.imageId, 'original');
        return original && makeImageVariant(original.data, p);
      });
    } catch (err) {
      if (err instanceof QueueFullError) throw new VariantsBusyError();
      throw err;
    }
    if (!made) return undefined;
    try {
      return await insertImageVariant(db, { ...p, mimeType: made.mimeType, data: made.data });
    } catch (err) {
      if (isForeignKeyViolation(err)) return undefined; // the image was deleted meanwhile
      throw err;
    }
  })().finally(() => {
    variantsInQueue--;
    making.delete(key);
  });
  making.set(key, work);
  return work;
}

/** PostgreSQL 23503 (also when Drizzle wraps the driver's error). */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23503' || e?.cause?.code === '23503';
}
