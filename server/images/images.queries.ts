import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { images } from '../db/schema';

export type ImageRow = typeof images.$inferSelect;
export type ImageMeta = Omit<ImageRow, 'originalData' | 'thumbnailData'>;

const metaColumns = {
  id: images.id,
  mimeType: images.mimeType,
  originalSize: images.originalSize,
  thumbnailSize: images.thumbnailSize,
  width: images.width,
  height: images.height,
  entityType: images.entityType,
  entityId: images.entityId,
  uploadedBy: images.uploadedBy,
  createdAt: images.createdAt,
};

/** An image's metadata (no bytes), or undefined. */
export async function findImageMeta(db: Db, id: string): Promise<ImageMeta | undefined> {
  const rows = await db.select(metaColumns).from(images).where(eq(images.id, id)).limit(1);
  return rows[0];
}

/** An image's metadata with its row locked until the transaction ends (attaching decides on it). */
export async function lockImageMeta(tx: Db, id: string): Promise<ImageMeta | undefined> {
  const rows = await tx.select(metaColumns).from(images).where(eq(images.id, id)).limit(1).for('update');
  return rows[0];
}

/** The bytes of one variant, their type and who may see them, or undefined. */
export async function findImageBytes(
  db: Db,
  id: string,
  variant: 'original' | 'thumbnail',
): Promise<{ mimeType: string; data: Buffer; entityId: string; uploadedBy: string | null } | undefined> {
  const data = variant === 'original' ? images.originalData : images.thumbnailData;
  const rows = await db
    .select({ mimeType: images.mimeType, data, entityId: images.entityId, uploadedBy: images.uploadedBy })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return rows[0];
}

/** The values of a new image; the uploader is required (only older rows have none). */
export type NewImage = typeof images.$inferInsert & { uploadedBy: string };

/** Stores a processed image; returns its metadata. */
export async function insertImage(db: Db, values: NewImage): Promise<ImageMeta> {
  const [row] = await db.insert(images).values(values).returning(metaColumns);
  return row;
}

/** Points an image at another entity. */
export async function setImageEntity(db: Db, id: string, entityId: string): Promise<ImageMeta | undefined> {
  const [row] = await db.update(images).set({ entityId }).where(eq(images.id, id)).returning(metaColumns);
  return row;
}
