import { msg } from '@common/messages';
import { totalPrice } from '@common/rules/event-price';
import type { EventInput } from '@common/schemas/events';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { events, images } from '../db/schema';
import { NotFoundError, ValidationError } from '../errors';
import { attachImage } from '../images/images.service';
import {
  notifyEventCancelled,
  notifyEventChanged,
  notifyEventPublished,
} from '../notifications/event-notices';
import { type Promotion, promoteFromWaitlist } from '../registrations/offers.service';
import { countRegistered } from '../registrations/registrations.queries';
import type { EventRow } from './events.presenter';
import { lockEvent } from './events.queries';

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
    const [row] = await tx
      .insert(events)
      .values({ ...rowValues(input), createdBy: actor.id })
      .returning();
    if (row.imageId) await attachEventImage(tx, actor, row.imageId, row.id);
    await notifyEventPublished(tx, row);
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
 * Updates an event under its row lock. Lowering maxParticipants below the
 * registered count is refused; raising it promotes the earliest waitlisted.
 */
export async function updateEvent(
  db: Db,
  id: number,
  input: EventInput,
  actor: Actor,
): Promise<{ event: EventRow } & Promotion> {
  return db.transaction(async (tx) => {
    const current = await lockEvent(tx, id);
    if (!current) throw new NotFoundError(msg.eventNotFound);
    const registered = await countRegistered(tx, id);
    if (input.maxParticipants < registered) {
      throw new ValidationError(`${msg.maxBelowRegistered} (${registered})`);
    }
    // Only a new image is checked: the event's current one stays whatever its history.
    if (input.imageId && input.imageId !== current.imageId)
      await attachEventImage(tx, actor, input.imageId, id);
    const [event] = await tx.update(events).set(rowValues(input)).where(eq(events.id, id)).returning();
    // Members hear of a cancellation, or of a new time, place or price (grouped within 30 minutes).
    if (event.status === 'cancelled' && current.status !== 'cancelled') await notifyEventCancelled(tx, event);
    else if (event.status !== 'cancelled') await notifyEventChanged(tx, current, event);
    const promotion =
      event.maxParticipants > current.maxParticipants
        ? await promoteFromWaitlist(tx, event)
        : { promoted: [], offered: [], notices: [] };
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
    return { event, ...promotion };
  });
}

/**
 * Deletes an event with its registrations (cascade) and its images. Members of an event still ahead get
 * an `event_cancelled` notice first (it outlives the event and leads to the event list).
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
      await notifyEventCancelled(tx, current, { deleted: true });
    const [row] = await tx.delete(events).where(eq(events.id, id)).returning({ id: events.id });
    if (!row) throw new NotFoundError(msg.eventNotFound);
    await tx.delete(images).where(and(eq(images.entityType, 'event'), eq(images.entityId, String(id))));
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: 'event.delete',
      targetType: 'event',
      targetId: id,
      details: current ? { title: current.title, startTime: current.startTime.toISOString() } : {},
    });
  });
}
