import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventNotifications, eventRegistrations, events } from '../db/schema';

/** A member's registrations with their events' title and times, oldest first (the member's data export). */
export async function listMemberRegistrations(db: Db, userId: string) {
  return db
    .select({
      r: eventRegistrations,
      title: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.userId, userId))
    .orderBy(asc(eventRegistrations.registeredAt));
}

/**
 * Account deletion: the member's registrations stay for the events' and payments' records, without the
 * member's own words (dietary needs, notes, Golf-ID); the member's event notices go.
 */
export async function eraseMemberRegistrationDetails(tx: Db, userId: string): Promise<void> {
  await tx
    .update(eventRegistrations)
    .set({ dietaryPreferences: null, dietaryConsentAt: null, notes: null, golfId: null })
    .where(eq(eventRegistrations.userId, userId));
  await tx.delete(eventNotifications).where(eq(eventNotifications.userId, userId));
}
