import { and, count, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventPhotos, events, images, users } from '../db/schema';

export type EventPhotoRow = typeof eventPhotos.$inferSelect;

/** A photo with what the gallery shows of its image and uploader. */
export interface PhotoWithImage {
  id: string;
  eventId: number;
  imageId: string;
  uploadedBy: string;
  altText: string;
  createdAt: Date;
  width: number;
  height: number;
  uploaderFirst: string | null;
  uploaderLast: string | null;
  uploaderFull: string | null;
  uploaderUsername: string | null;
  uploaderDeleted: boolean;
}

const photoColumns = {
  id: eventPhotos.id,
  eventId: eventPhotos.eventId,
  imageId: eventPhotos.imageId,
  uploadedBy: eventPhotos.uploadedBy,
  altText: eventPhotos.altText,
  createdAt: eventPhotos.createdAt,
  width: images.width,
  height: images.height,
  uploaderFirst: users.firstName,
  uploaderLast: users.lastName,
  uploaderFull: users.fullName,
  uploaderUsername: users.username,
  uploaderDeleted: sql<boolean>`${users.deletedAt} is not null`,
};

/** Shown photos: neither the photo nor its image removed by a moderator. */
const shown = () => and(isNull(eventPhotos.removedAt), isNull(images.removedAt));

/** How many photos of an event are shown (the public count). */
export async function countEventPhotos(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventPhotos)
    .innerJoin(images, eq(images.id, eventPhotos.imageId))
    .where(and(eq(eventPhotos.eventId, eventId), shown()));
  return row?.n ?? 0;
}

export interface MemberEventParams {
  eventId: number;
  userId: string;
}

/** How many photos a member has added to an event, removed ones too (the per-member limit). */
export async function countMemberEventPhotos(db: Db, p: MemberEventParams): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventPhotos)
    .where(and(eq(eventPhotos.eventId, p.eventId), eq(eventPhotos.uploadedBy, p.userId)));
  return row?.n ?? 0;
}

/** Serialises a member's photo uploads until the transaction ends, so parallel ones cannot pass the limit together. */
export async function lockMemberPhotos(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`event-photos:${userId}`}))`);
}

/** Stores a photo row for an image the pipeline stored. */
export async function insertEventPhoto(
  tx: Db,
  values: Pick<
    typeof eventPhotos.$inferInsert,
    'eventId' | 'imageId' | 'uploadedBy' | 'altText' | 'consentAt'
  >,
): Promise<EventPhotoRow> {
  const [row] = await tx.insert(eventPhotos).values(values).returning();
  return row;
}

export interface ListEventPhotosParams {
  eventId: number;
  /** Uploaders whose photos the viewer never sees (blocks, either way). */
  hiddenUploaders: string[];
  /** Photos the viewer reported. */
  hiddenPhotoIds: string[];
}

/** An event's shown photos, newest first, without the viewer's hidden ones. */
export async function listEventPhotos(db: Db, p: ListEventPhotosParams): Promise<PhotoWithImage[]> {
  const conditions = [eq(eventPhotos.eventId, p.eventId), shown()];
  if (p.hiddenUploaders.length) conditions.push(notInArray(eventPhotos.uploadedBy, p.hiddenUploaders));
  if (p.hiddenPhotoIds.length) conditions.push(notInArray(eventPhotos.id, p.hiddenPhotoIds));
  return db
    .select(photoColumns)
    .from(eventPhotos)
    .innerJoin(images, eq(images.id, eventPhotos.imageId))
    .innerJoin(users, eq(users.id, eventPhotos.uploadedBy))
    .where(and(...conditions))
    .orderBy(desc(eventPhotos.createdAt), desc(eventPhotos.id));
}

/** A member's own shown photos across events with the events' titles, newest first ('Mina bilder', export). */
export async function listMemberPhotos(db: Db, userId: string) {
  return db
    .select({ ...photoColumns, eventTitle: events.title, eventStart: events.startTime })
    .from(eventPhotos)
    .innerJoin(images, eq(images.id, eventPhotos.imageId))
    .innerJoin(users, eq(users.id, eventPhotos.uploadedBy))
    .innerJoin(events, eq(events.id, eventPhotos.eventId))
    .where(and(eq(eventPhotos.uploadedBy, userId), shown()))
    .orderBy(desc(eventPhotos.createdAt), desc(eventPhotos.id));
}

/** A shown photo by id (any event), or undefined. */
export async function findShownPhoto(db: Db, photoId: string): Promise<PhotoWithImage | undefined> {
  const [row] = await db
    .select(photoColumns)
    .from(eventPhotos)
    .innerJoin(images, eq(images.id, eventPhotos.imageId))
    .innerJoin(users, eq(users.id, eventPhotos.uploadedBy))
    .where(and(eq(eventPhotos.id, photoId), shown()))
    .limit(1);
  return row;
}

/** The shown photo of an image (its id, event and uploader), or undefined: none, or removed. */
export async function findShownPhotoByImage(
  db: Db,
  imageId: string,
): Promise<Pick<EventPhotoRow, 'id' | 'eventId' | 'uploadedBy'> | undefined> {
  const [row] = await db
    .select({ id: eventPhotos.id, eventId: eventPhotos.eventId, uploadedBy: eventPhotos.uploadedBy })
    .from(eventPhotos)
    .innerJoin(images, eq(images.id, eventPhotos.imageId))
    .where(and(eq(eventPhotos.imageId, imageId), shown()))
    .limit(1);
  return row;
}

/** A moderator's removal: the photo is hidden for everyone (once). */
export async function markPhotoRemoved(
  tx: Db,
  photoId: string,
  now: Date,
): Promise<EventPhotoRow | undefined> {
  const [row] = await tx
    .update(eventPhotos)
    .set({ removedAt: now })
    .where(and(eq(eventPhotos.id, photoId), isNull(eventPhotos.removedAt)))
    .returning();
  return row;
}

/** The image ids of a member's photos (account deletion takes the images, and with them the photos). */
export async function findMemberPhotoImageIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ imageId: eventPhotos.imageId })
    .from(eventPhotos)
    .where(eq(eventPhotos.uploadedBy, userId));
  return rows.map((r) => r.imageId);
}
