import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Uploaded images, re-encoded, with their thumbnails (decisions: stored in the database). */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    originalData: bytea('original_data').notNull(),
    thumbnailData: bytea('thumbnail_data').notNull(),
    mimeType: varchar('mime_type', { length: 50 }).notNull(),
    originalSize: integer('original_size').notNull(),
    thumbnailSize: integer('thumbnail_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    entityType: varchar('entity_type', { length: 20 }).notNull(),
    entityId: varchar('entity_id', { length: 100 }).notNull(),
    /**
     * Who uploaded it: only the uploader may attach a pending image to an entity.
     * Text like users.id (a uuid column cannot reference a text key). ON DELETE SET NULL,
     * not CASCADE: deleting an account must not take the event pictures an admin uploaded
     * with it. NULL (rows older than the column, or a deleted uploader) grants nobody a
     * pending image; every upload sets it (insertImage requires it).
     */
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a moderator removed the image (no longer served). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('images_entity_idx').on(t.entityType, t.entityId),
    // Serves the ON DELETE SET NULL of a deleted member without scanning every image.
    index('images_uploaded_by_idx').on(t.uploadedBy),
  ],
);

/**
 * Resized AVIF/WebP copies of an image, made on first request and kept (GET /api/images/{id}/w/{width}.{format}).
 * `width` is the width served: the requested one, or the image's own when that is narrower (never
 * upscaled), so every request wider than the image shares one row. `mime_type` is what the bytes are:
 * an animated image is kept animated as WebP, also when AVIF was asked for (sharp writes no animated AVIF).
 * Deleted with their image.
 */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    format: varchar('format', { length: 10 }).notNull(),
    mimeType: varchar('mime_type', { length: 50 }).notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The key leads with image_id, so it also serves the cascade from a deleted image.
  (t) => [primaryKey({ name: 'image_variants_pkey', columns: [t.imageId, t.width, t.format] })],
);
