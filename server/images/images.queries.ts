import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { images, imageVariants } from '../db/schema';

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
  removedAt: images.removedAt,
  createdAt: images.createdAt,
};

/*
 * Image bytes travel as hex text (decode/encode in SQL), not as bytea parameters and results.
 * PGlite turns a bytea parameter into hex with a JavaScript loop over every byte and parses a bytea
 * result back the same way, on the event loop, with its one connection held: measured here, 270–650 ms
 * to insert a 700 kB original and 120–135 ms to read it back. Buffer's native hex takes about 1 ms,
 * so the insert drops to 45–70 ms (PostgreSQL's own work in PGlite) and the read to about 7 ms.
 * On PostgreSQL the two ways cost the same (tens of ms), so one way serves both.
 */
const bytesIn = (data: Buffer): SQL => sql`decode(${data.toString('hex')}, 'hex')`;
const bytesOut = (
  column: typeof images.originalData | typeof images.thumbnailData | typeof imageVariants.data,
) => sql<string>`encode(${column}, 'hex')`;

/** An image's metadata (no bytes), or undefined (also once a moderator removed it). */
export async function findImageMeta(db: Db, id: string): Promise<ImageMeta | undefined> {
  const rows = await db
    .select(metaColumns)
    .from(images)
    .where(and(eq(images.id, id), isNull(images.removedAt)))
    .limit(1);
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
): Promise<
  | { mimeType: string; data: Buffer; entityType: string; entityId: string; uploadedBy: string | null }
  | undefined
> {
  const column = variant === 'original' ? images.originalData : images.thumbnailData;
  const rows = await db
    .select({
      mimeType: images.mimeType,
      hex: bytesOut(column),
      entityType: images.entityType,
      entityId: images.entityId,
      uploadedBy: images.uploadedBy,
    })
    .from(images)
    // A removed image is not served (the report keeps which it was).
    .where(and(eq(images.id, id), isNull(images.removedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    mimeType: row.mimeType,
    data: Buffer.from(row.hex, 'hex'),
    entityType: row.entityType,
    entityId: row.entityId,
    uploadedBy: row.uploadedBy,
  };
}

/** Parameters of findImageVariant. */
export interface FindImageVariantParams {
  id: string;
  /** The requested width; the image's own width when that is smaller. */
  width: number;
  format: string;
  /** Whether to read the stored bytes (not for a 304). */
  withData: boolean;
}

/**
 * An image as a resized copy of it is served: who may see it, the width served (`least` of the
 * requested and the image's own, never upscaled) and the stored copy of that width and format if it
 * was made already (else `variant` is undefined). Undefined when there is no such image or it was removed.
 */
export async function findImageVariant(
  db: Db,
  p: FindImageVariantParams,
): Promise<
  | {
      entityType: string;
      entityId: string;
      uploadedBy: string | null;
      width: number;
      variant?: { mimeType: string; data?: Buffer };
    }
  | undefined
> {
  const served = sql<number>`least(${p.width}::int, ${images.width})`;
  const rows = await db
    .select({
      entityType: images.entityType,
      entityId: images.entityId,
      uploadedBy: images.uploadedBy,
      width: served,
      mimeType: imageVariants.mimeType,
      hex: p.withData ? bytesOut(imageVariants.data) : sql<null>`null`,
    })
    .from(images)
    .leftJoin(
      imageVariants,
      and(
        eq(imageVariants.imageId, images.id),
        eq(imageVariants.width, served),
        eq(imageVariants.format, p.format),
      ),
    )
    .where(and(eq(images.id, p.id), isNull(images.removedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    entityType: row.entityType,
    entityId: row.entityId,
    uploadedBy: row.uploadedBy,
    width: Number(row.width),
    variant: row.mimeType
      ? { mimeType: row.mimeType, data: row.hex ? Buffer.from(row.hex, 'hex') : undefined }
      : undefined,
  };
}

/** Parameters of insertImageVariant. */
export interface InsertImageVariantParams {
  imageId: string;
  width: number;
  format: string;
  mimeType: string;
  data: Buffer;
}

/**
 * Stores a resized copy unless one of that width and format is there already (made by a
 * concurrent request or another instance); answers the stored copy's bytes and type either way.
 */
export async function insertImageVariant(
  db: Db,
  p: InsertImageVariantParams,
): Promise<{ mimeType: string; data: Buffer }> {
  const inserted = await db
    .insert(imageVariants)
    .values({
      imageId: p.imageId,
      width: p.width,
      format: p.format,
      mimeType: p.mimeType,
      // biome-ignore lint/suspicious/noExplicitAny: an SQL expression for a bytea column (see bytesIn)
      data: bytesIn(p.data) as any,
    })
    .onConflictDoNothing()
    .returning({ imageId: imageVariants.imageId });
  if (inserted.length) return { mimeType: p.mimeType, data: p.data };
  const [kept] = await db
    .select({ mimeType: imageVariants.mimeType, hex: bytesOut(imageVariants.data) })
    .from(imageVariants)
    .where(
      and(
        eq(imageVariants.imageId, p.imageId),
        eq(imageVariants.width, p.width),
        eq(imageVariants.format, p.format),
      ),
    );
  return kept ? { mimeType: kept.mimeType, data: Buffer.from(kept.hex, 'hex') } : p;
}

/** The values of a new image; the uploader is required (only older rows have none). */
export type NewImage = Omit<typeof images.$inferInsert, 'originalData' | 'thumbnailData'> & {
  originalData: Buffer;
  thumbnailData: Buffer;
  uploadedBy: string;
};

/** Stores a processed image; returns its metadata. */
export async function insertImage(db: Db, values: NewImage): Promise<ImageMeta> {
  const [row] = await db
    .insert(images)
    .values({
      ...values,
      // biome-ignore lint/suspicious/noExplicitAny: an SQL expression for a bytea column (see bytesIn)
      originalData: bytesIn(values.originalData) as any,
      // biome-ignore lint/suspicious/noExplicitAny: as above
      thumbnailData: bytesIn(values.thumbnailData) as any,
    })
    .returning(metaColumns);
  return row;
}

/** Points an image at another entity. */
export async function setImageEntity(db: Db, id: string, entityId: string): Promise<ImageMeta | undefined> {
  const [row] = await db.update(images).set({ entityId }).where(eq(images.id, id)).returning(metaColumns);
  return row;
}

/** Parameters of recentUploads. */
export interface RecentUploadsParams {
  uploadedBy: string;
  since: Date;
}

/** How many images a member uploaded since a time, and when the earliest of them was (or null). */
export async function recentUploads(
  db: Db,
  p: RecentUploadsParams,
): Promise<{ count: number; earliest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      earliest: sql<string | null>`min(${images.createdAt})`,
    })
    .from(images)
    .where(and(eq(images.uploadedBy, p.uploadedBy), gt(images.createdAt, p.since)));
  return { count: Number(row?.count ?? 0), earliest: row?.earliest ? new Date(row.earliest) : null };
}

/** Takes a transaction-long lock on a member's uploads, so two uploads cannot both take the last place. */
export async function lockMemberUploads(tx: Db, uploadedBy: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(5000612, hashtext(${uploadedBy}))`);
}

/** Parameters of deleteUnusedImages. */
export interface DeleteUnusedImagesParams {
  /** Only images uploaded before this time. */
  uploadedBefore: Date;
  /** Images examined per statement (pages in id order, over the primary key). */
  pageSize: number;
  /** The last id of the previous page; undefined for the first. */
  afterId?: string;
}

interface PageRow {
  deleted: number | string;
  examined: number | string;
  last_id: string | null;
}

/**
 * One page of the clean-up: of the next `pageSize` images by id, deletes those uploaded before
 * `uploadedBefore` that nothing uses: still 'pending', or not the current image of the event or member
 * they name (uploaded for it but never saved with it, or replaced since). Answers how many it deleted
 * and the id the next page starts after (undefined after the last page).
 *
 * Rows locked by a transaction that is attaching them are skipped (SKIP LOCKED); every row it deletes
 * stays locked until the statement commits, so an attach that comes later finds no image (400) and
 * rolls back rather than keeping a reference to a deleted image.
 */
export async function deleteUnusedImages(
  db: Db,
  p: DeleteUnusedImagesParams,
): Promise<{ deleted: number; nextAfterId?: string }> {
  const after = p.afterId ? sql`where i.id > ${p.afterId}::uuid` : sql``;
  const result = await db.execute(sql`
    with page as (
      select i.id from images i ${after} order by i.id limit ${p.pageSize}
    ),
    unused as (
      select i.id
      from images i
      join page on page.id = i.id
      where i.created_at < ${p.uploadedBefore.toISOString()}::timestamptz
        and (
          i.entity_id = 'pending'
          or i.entity_type not in ('event', 'profile', 'event_photo')
          -- A trip photo's image is in use while its photo row exists (server/event-photos/).
          or (i.entity_type = 'event_photo' and not exists (
                select 1 from event_photos p where p.image_id = i.id))
          or (i.entity_type = 'event' and not exists (
                select 1 from events e
                where e.id = case when i.entity_id ~ '^[0-9]{1,9}$' then i.entity_id::int end
                  and e.image_id = i.id))
          or (i.entity_type = 'profile' and not exists (
                select 1 from users u where u.id = i.entity_id and u.profile_image_id = i.id))
        )
      for update of i skip locked
    ),
    gone as (
      delete from images where id in (select id from unused) returning id
    )
    select
      (select count(*)::int from gone) as deleted,
      (select count(*)::int from page) as examined,
      (select id::text from page order by id desc limit 1) as last_id
  `);
  const [row] = (result as unknown as { rows: PageRow[] }).rows;
  const deleted = Number(row?.deleted ?? 0);
  if (!row?.last_id || Number(row.examined) < p.pageSize) return { deleted };
  return { deleted, nextAfterId: row.last_id };
}

/** A moderator's 'Ta bort innehållet': the image is marked removed (once) and no longer served. */
export async function markImageRemoved(tx: Db, imageId: string, now: Date): Promise<void> {
  await tx
    .update(images)
    .set({ removedAt: now })
    .where(and(eq(images.id, imageId), isNull(images.removedAt)));
}

/** Deletes images by id, with their resized copies (a trip photo its uploader removes, account deletion). */
export async function deleteImagesById(tx: Db, ids: string[]): Promise<void> {
  if (ids.length) await tx.delete(images).where(inArray(images.id, ids));
}

/** Deletes every image attached to an entity (an event being deleted). */
export async function deleteEntityImages(db: Db, entityType: string, entityId: string): Promise<void> {
  await db.delete(images).where(and(eq(images.entityType, entityType), eq(images.entityId, entityId)));
}

/**
 * A copy of an image (not removed) attached to another entity, uploaded by the same member (a duplicated
 * event's picture: an attached image belongs to one entity). Answers the copy's id, or null.
 */
export async function copyImageTo(
  db: Db,
  imageId: string,
  to: { entityType: string; entityId: string },
): Promise<string | null> {
  const result = await db.execute<{ id: string }>(sql`
    insert into images (original_data, thumbnail_data, mime_type, original_size, thumbnail_size, width, height,
                        entity_type, entity_id, uploaded_by)
    select original_data, thumbnail_data, mime_type, original_size, thumbnail_size, width, height,
           ${to.entityType}, ${to.entityId}, uploaded_by
    from images where id = ${imageId} and removed_at is null
    returning id`);
  const rows = Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows;
  return rows[0]?.id ?? null;
}
