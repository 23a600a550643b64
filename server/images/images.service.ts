import { msg } from '@common/messages';
import type { ImageEntityType } from '@common/options';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, users } from '../db/schema';
import { ValidationError } from '../errors';
import { processImage } from './images.processing';
import { type ImageMeta, insertImage } from './images.queries';

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
  p: { bytes: Buffer; entityType: ImageEntityType; entityId: string },
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
  });
}
