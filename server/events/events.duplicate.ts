import { msg } from '@common/messages';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { NotFoundError } from '../errors';
import { copyImageTo } from '../images/images.queries';
import type { EventRow } from './events.presenter';
import { findEvent, insertEvent, updateEventRow } from './events.queries';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const moved = (d: Date | null, weeks: number) => (d ? new Date(d.getTime() + weeks * WEEK_MS) : null);

/**
 * Duplicates an event for next time: the same fields and picture, every date moved by `weeks`, status
 * upcoming, no registrations, groups or announcements. One transaction; audit-logged.
 */
export async function duplicateEvent(db: Db, id: number, weeks: number, actor: Actor): Promise<EventRow> {
  return db.transaction(async (tx) => {
    const source = await findEvent(tx, id);
    if (!source) throw new NotFoundError(msg.eventNotFound);
    const {
      id: _id,
      createdAt: _createdAt,
      ballGroupsPublishedAt: _published,
      roomsPublishedAt: _roomsPublished,
      imageId,
      image,
      imageUrl,
      ...fields
    } = source;
    const copy = await insertEvent(tx, {
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
    });
    let result = copy;
    if (imageId) {
      // A copy of the picture for the new event (an attached image belongs to one entity).
      const newImageId = await copyImageTo(tx, imageId, { entityType: 'event', entityId: String(copy.id) });
      // Links that name the old picture name the copy instead.
      const swap = (v: string | null) => (v && newImageId ? v.split(imageId).join(newImageId) : null);
      result = await updateEventRow(tx, copy.id, {
        imageId: newImageId,
        image: swap(image),
        imageUrl: swap(imageUrl),
      });
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
