import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_entity_idx').on(t.entityType, t.entityId)],
);
