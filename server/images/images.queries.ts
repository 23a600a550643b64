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
  createdAt: images.createdAt,
};

/** An image's metadata (no bytes), or undefined. */
export async function findImageMeta(db: Db, id: string): Promise<ImageMeta | undefined> {
  const rows = await db.select(metaColumns).from(images).where(eq(images.id, id)).limit(1);
  return rows[0];
}

/** The bytes of one variant and their type, or undefined. */
export async function findImageBytes(
  db: Db,
  id: string,
  variant: 'original' | 'thumbnail',
): Promise<{ mimeType: string; data: Buffer } | undefined> {
  const data = variant === 'original' ? images.originalData : images.thumbnailData;
  const rows = await db
    .select({ mimeType: images.mimeType, data })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return rows[0];
}

/** Stores a processed image; returns its metadata. */
export async function insertImage(db: Db, values: typeof images.$inferInsert): Promise<ImageMeta> {
  const [row] = await db.insert(images).values(values).returning(metaColumns);
  return row;
}

/** Points an image at another entity. */
export async function setImageEntity(db: Db, id: string, entityId: string): Promise<ImageMeta | undefined> {
  const [row] = await db.update(images).set({ entityId }).where(eq(images.id, id)).returning(metaColumns);
  return row;
}
