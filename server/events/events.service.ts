import { msg } from '@common/messages';
import { totalPrice } from '@common/rules/event-price';
import type { EventInput } from '@common/schemas/events';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { NotFoundError } from '../errors';
import { deleteEntityImages } from '../images/images.queries';
import { attachImage } from '../images/images.service';
import { golfValues } from './events.golf';
import type { EventRow } from './events.presenter';
import { deleteEventRow, insertEvent, lockEvent, updateEventRow } from './events.queries';

/** The row values of a validated event form; the total price is computed, an included green fee cleared. */
function rowValues(input: EventInput) {
  const greenFee = input.greenFeeIncluded ? null : (input.greenFee ?? null);
  return {
    title: input.title,
    description: input.description?.trim() ? input.description : null,
    location: input.location,
    startTime: input.startTime,
    endTime: input.endTime,
    registrationDeadline: input.registrationDeadline ?? null,
    maxParticipants: input.maxParticipants,
    status: input.status,
    price: totalPrice({ ...input, greenFee }),
    notes: input.notes?.trim() ? input.notes : null,
    registrationFee: input.registrationFee,
    greenFee,
    greenFeeIncluded: input.greenFeeIncluded,
    coffeeIncluded: input.coffeeIncluded,
    lunchIncluded: input.lunchIncluded,
    imageId: input.imageId ?? null,
    image: input.image ?? null,
    imageUrl: input.imageUrl ?? null,
    registrationOpensAt: input.registrationOpensAt ?? null,
    waitlistMode: input.waitlistMode,
    waitlistOfferHours: input.waitlistOfferHours,
    cancellationDeadline: input.cancellationDeadline ?? null,
    lateCancellationFee: input.lateCancellationFee,
    payOnline: input.payOnline,
    singleRoomSupplement: input.singleRoomSupplement ?? null,
  };
}

/**
 * Makes an uploaded event image this event's: the caller's own pending upload or an
 * image already linked to this event (images.service `attachImage`); a refusal rolls
 * back the whole save.
 */
async function attachEventImage(tx: Db, actor: Actor, imageId: string, eventId: number): Promise<void> {
  await attachImage(tx, {
    imageId,
    entityType: 'event',
    entityId: String(eventId),
    actor,
    notFound: msg.imageNotFound,
  });
}

/** The names of the columns an update changed (for the audit log; values stay in the event itself). */
function changedFields(before: EventRow, after: EventRow): string[] {
  return (Object.keys(after) as (keyof EventRow)[]).filter((k) => {
    const a = before[k];
    const b = after[k];
    return a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b;
  });
}

/** Creates an event (admins); createdBy is the caller, whatever the payload says. */
export async function createEvent(db: Db, input: EventInput, actor: Actor): Promise<EventRow> {
  return db.transaction(async (tx) => {
    const golf = await golfValues(tx, input, null);
    const row = await insertEvent(tx, { ...rowValues(input), ...golf, createdBy: actor.id });
    if (row.imageId) await attachEventImage(tx, actor, row.imageId, row.id);
    await publish(tx, 'event.published', { event: row });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.create',
      targetType: 'event',
      targetId: row.id,
    });
    return row;
  });
}

/**
 * Updates an event under its row lock and publishes `event.cancelled` (when it became cancelled) and
 * `event.changed`. Registrations react to the capacity: lowering maxParticipants below the places taken
 * is refused (their subscriber throws, the update rolls back); raising it promotes the earliest
 * waitlisted. Notifications tell the members of a cancellation, or of a new time, place or price.
 */
export async function updateEvent(
  db: Db,
  id: number,
  input: EventInput,
  actor: Actor,
): Promise<{ event: EventRow }> {
  return db.transaction(async (tx) => {
    const current = await lockEvent(tx, id);
    if (!current) throw new NotFoundError(msg.eventNotFound);
    // Only a new image is checked: the event's current one stays whatever its history.
    if (input.imageId && input.imageId !== current.imageId)
      await attachEventImage(tx, actor, input.imageId, id);
    const golf = await golfValues(tx, input, current);
    const event = await updateEventRow(tx, id, { ...rowValues(input), ...golf });
    if (event.status === 'cancelled' && current.status !== 'cancelled') {
      await publish(tx, 'event.cancelled', { event, deleted: false });
    }
    await publish(tx, 'event.changed', { before: current, after: event });
    // A save that changed nothing is not an administrator action worth a log line.
    const changed = changedFields(current, event);
    if (changed.length > 0) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'event.update',
        targetType: 'event',
        targetId: id,
        details: { changed },
      });
    }
    return { event };
  });
}

/**
 * Deletes an event with its registrations (cascade) and its images. An event still ahead is published
 * as `event.cancelled` (deleted) first: its members get a notice that outlives the event.
 */
export async function deleteEvent(
  db: Db,
  id: number,
  actor: Actor | null = null,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockEvent(tx, id);
    if (current && current.status !== 'cancelled' && current.endTime > now)
      await publish(tx, 'event.cancelled', { event: current, deleted: true });
    if (!(await deleteEventRow(tx, id))) throw new NotFoundError(msg.eventNotFound);
    await deleteEntityImages(tx, 'event', String(id));
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: 'event.delete',
      targetType: 'event',
      targetId: id,
      details: current ? { title: current.title, startTime: current.startTime.toISOString() } : {},
    });
  });
}
