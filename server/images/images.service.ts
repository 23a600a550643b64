import { msg } from '@common/messages';
import type { ImageEntityType } from '@common/options';
import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { events, users } from '../db/schema';
import { ConflictError, ForbiddenError, ValidationError } from '../errors';
import { imageAttachRefusal } from './images.policy';
import { processImage } from './images.processing';
import { type ImageMeta, insertImage, lockImageMeta, setImageEntity } from './images.queries';

/** entityId is 'pending' or names an existing event (by id) or member. */
export async function checkImageEntity(db: Db, entityType: string, entityId: string): Promise<void> {
  if (entityId === 'pending') return;
  if (entityType === 'event') {
    const id = /^\d{1,9}$/.test(entityId) ? Number(entityId) : NaN;
    const found = Number.isFinite(id)
      ? await db.select({ id: events.id }).from(events).where(eq(events.id, id)).limit(1)
      : [];
    if (!found.length) throw new ValidationError(msg.imageEntityInvalid);
    return;
  }
  if (entityType === 'profile') {
    const found = await db.select({ id: users.id }).from(users).where(eq(users.id, entityId)).limit(1);
    if (!found.length) throw new ValidationError(msg.imageEntityInvalid);
    return;
  }
  throw new ValidationError(msg.imageEntityInvalid);
}

/** Validates, re-encodes and stores an uploaded image for an entity. */
export async function storeImage(
  db: Db,
  p: { bytes: Buffer; entityType: ImageEntityType; entityId: string; uploadedBy: string },
): Promise<ImageMeta> {
  await checkImageEntity(db, p.entityType, p.entityId);
  const img = await processImage(p.bytes);
  return insertImage(db, {
    originalData: img.original,
    thumbnailData: img.thumbnail,
    mimeType: img.mimeType,
    originalSize: img.original.length,
    thumbnailSize: img.thumbnail.length,
    width: img.width,
    height: img.height,
    entityType: p.entityType,
    entityId: p.entityId,
    uploadedBy: p.uploadedBy,
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
