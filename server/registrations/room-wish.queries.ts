import type { RoomWishValue } from '@common/rules/room-wish';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events } from '../db/schema';
import type { RegistrationRow } from './registrations.queries';

/** When the event runs (its lodging and whether it has started decide whether a wish may be set). */
export async function findEventSpan(db: Db, eventId: number) {
  const [event] = await db
    .select({ startTime: events.startTime, endTime: events.endTime })
    .from(events)
    .where(eq(events.id, eventId));
  return event ?? null;
}

export async function updateRoomWish(
  db: Db,
  registrationId: number,
  wish: RoomWishValue,
): Promise<RegistrationRow> {
  const [row] = await db
    .update(eventRegistrations)
    .set(wish)
    .where(eq(eventRegistrations.id, registrationId))
    .returning();
  return row;
}
