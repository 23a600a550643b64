import { msg } from '@common/messages';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { NotFoundError } from '../errors';
import type { EventRow } from './events.presenter';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const moved = (d: Date | null, weeks: number) => (d ? new Date(d.getTime() + weeks * WEEK_MS) : null);

/** A copy of an event's picture for the new event (an attached image belongs to one entity). */
async function copyImage(tx: Db, imageId: string, eventId: number): Promise<string | null> {
  const result = await tx.execute<{ id: string }>(sql`
    insert into images (original_data, thumbnail_data, mime_type, original_size, thumbnail_size, width, height,
                        entity_type, entity_id, uploaded_by)
    select original_data, thumbnail_data, mime_type, original_size, thumbnail_size, width, height,
           'event', ${String(eventId)}, uploaded_by
    from images where id = ${imageId} and removed_at is null
    returning id`);
  const rows = Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows;
  return rows[0]?.id ?? null;
}

/**
 * Duplicates an event for next time: the same fields and picture, every date moved by `weeks`, status
 * upcoming, no registrations, groups or announcements. One transaction; audit-logged.
 */
export async function duplicateEvent(db: Db, id: number, weeks: number, actor: Actor): Promise<EventRow> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(events).where(eq(events.id, id));
    if (!source) throw new NotFoundError(msg.eventNotFound);
    const {
      id: _id,
      createdAt: _createdAt,
      ballGroupsPublishedAt: _published,
      imageId,
      image,
      imageUrl,
      ...fields
    } = source;
    const [copy] = await tx
      .insert(events)
      .values({
        ...fields,
        status: 'upcoming',
        createdBy: actor.id,
        startTime: moved(source.startTime, weeks)!,
        endTime: moved(source.endTime, weeks)!,
        registrationDeadline: moved(source.registrationDeadline, weeks),
        registrationOpensAt: moved(source.registrationOpensAt, weeks),
        cancellationDeadline: moved(source.cancellationDeadline, weeks),
        image: imageId ? null : image,
        imageUrl: imageId ? null : imageUrl,
      })
      .returning();
    let result = copy;
    if (imageId) {
      const newImageId = await copyImage(tx, imageId, copy.id);
      // Links that name the old picture name the copy instead.
      const swap = (v: string | null) => (v && newImageId ? v.split(imageId).join(newImageId) : null);
      [result] = await tx
        .update(events)
        .set({ imageId: newImageId, image: swap(image), imageUrl: swap(imageUrl) })
        .where(eq(events.id, copy.id))
        .returning();
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.duplicate',
      targetType: 'event',
      targetId: result.id,
      details: { sourceEventId: id, weeks },
    });
    return result;
  });
}
