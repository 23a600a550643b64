import type { StoredRoomWish } from '@common/rules/room-wish';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events, users } from '../db/schema';
import type { RegistrationRow } from './registrations.queries';

/** When the event runs (its lodging and whether it has started decide whether a wish may be set). */
export async function findEventSpan(db: Db, eventId: number) {
  const [event] = await db
    .select({ startTime: events.startTime, endTime: events.endTime })
    .from(events)
    .where(eq(events.id, eventId));
  return event ?? null;
}

/** A member with a live registration of the event (a room-mate named by id), with their name fields. */
export async function findRegisteredMember(db: Db, eventId: number, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      fullName: users.fullName,
      username: users.username,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.userId, userId),
        isNull(eventRegistrations.cancelledAt),
      ),
    )
    .limit(1);
  return row;
}

export async function updateRoomWish(
  db: Db,
  registrationId: number,
  wish: StoredRoomWish,
): Promise<RegistrationRow> {
  const [row] = await db
    .update(eventRegistrations)
    .set(wish)
    .where(eq(eventRegistrations.id, registrationId))
    .returning();
  return row;
}
