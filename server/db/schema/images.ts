import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
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
