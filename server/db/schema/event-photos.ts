import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { events } from './events';
import { images } from './images';
import { users } from './users';

/**
 * Trip photos (issue 30): a participant's photo of an event, stored through the image pipeline (the
 * `images` row, entity type 'event_photo', holds the re-encoded bytes without metadata). Deleting the
 * image deletes the photo (a member removing their photo, account deletion); deleting the event or
 * the member deletes it too.
 */
export const eventPhotos = pgTable(
  'event_photos',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .unique('event_photos_image_unique')
      .references(() => images.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    altText: varchar('alt_text', { length: 300 }).notNull(),
    /** When the uploader confirmed that everyone in the photo agreed to it being shown. */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    /** A moderator's 'Ta bort innehållet': hidden for everyone (the report keeps its copy). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The gallery of an event, newest first.
    index('event_photos_event_idx').on(t.eventId, t.createdAt),
    // 'Mina bilder', the per-member limit and the member's export.
    index('event_photos_uploader_idx').on(t.uploadedBy, t.eventId),
  ],
);
