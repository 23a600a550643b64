import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events, users } from '../db/schema';

/** The participants a trip's rooming deals with: live 'registered' registrations, with name, gender and birth date. */
export async function listRoomingParticipants(db: Db, eventId: number) {
  return db
    .select({
      registrationId: eventRegistrations.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      fullName: users.fullName,
      username: users.username,
      gender: users.gender,
      birthDate: users.birthDate,
      roomWish: eventRegistrations.roomWish,
      roomMateId: eventRegistrations.roomMateId,
      roomMateName: eventRegistrations.roomMateName,
      roomMixedOk: eventRegistrations.roomMixedOk,
      roomNumber: eventRegistrations.roomNumber,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.status, 'registered'),
        isNull(eventRegistrations.cancelledAt),
      ),
    )
    .orderBy(asc(eventRegistrations.roomNumber), asc(eventRegistrations.id));
}
export type RoomingParticipantRow = Awaited<ReturnType<typeof listRoomingParticipants>>[number];

/** Replaces the event's rooms: every registration loses its room, then each listed one gets its number. */
export async function saveRoomNumbers(db: Db, eventId: number, rooms: string[][]): Promise<void> {
  await db
    .update(eventRegistrations)
    .set({ roomNumber: null })
    .where(eq(eventRegistrations.eventId, eventId));
  for (const [i, userIds] of rooms.entries()) {
    await db
      .update(eventRegistrations)
      .set({ roomNumber: i + 1 })
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          inArray(eventRegistrations.userId, userIds),
          isNull(eventRegistrations.cancelledAt),
        ),
      );
  }
}

/** Publishes the rooms (members see their room-mates) or takes them back. */
export async function setRoomsPublishedAt(db: Db, eventId: number, at: Date | null): Promise<void> {
  await db.update(events).set({ roomsPublishedAt: at }).where(eq(events.id, eventId));
}
