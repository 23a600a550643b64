import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calendarFeeds, eventRegistrations, events, isLiveRegistration } from '../db/schema';
import type { CalendarEvent } from '../events/events.ics';
import { calendarEventColumns } from '../events/events.queries';

/** A new feed secret: 32 random bytes, base64url (43 characters). */
export const newFeedToken = () => randomBytes(32).toString('base64url');

/** The member's feed token, created on first use. */
export async function getOrCreateFeedToken(db: Db, userId: string): Promise<string> {
  const [created] = await db
    .insert(calendarFeeds)
    .values({ userId, token: newFeedToken() })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning({ token: calendarFeeds.token });
  if (created) return created.token;
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row!.token;
}

/** Replaces the member's feed token; the old URL stops working. */
export async function resetFeedToken(db: Db, userId: string): Promise<string> {
  const token = newFeedToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: sql`now()` } });
  return token;
}

/** The member a feed token belongs to, if any. */
export async function feedOwner(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  return row?.userId ?? null;
}

/** How far back a feed reaches, and how many entries it holds at most. */
const FEED_PAST_DAYS = 365;
const FEED_MAX_EVENTS = 500;

/**
 * The events a member is registered or waitlisted for (a cancelled registration is deleted, so it is not
 * here), from a year back on, by start time. A cancelled event stays in, marked CANCELLED by buildCalendar.
 */
export async function feedEvents(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<(CalendarEvent & { waitlisted: boolean })[]> {
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const rows = await db
    .select({
      ...calendarEventColumns,
      registrationStatus: eventRegistrations.status,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, userId), isLiveRegistration(), gte(events.startTime, since)))
    .orderBy(asc(events.startTime), asc(events.id))
    .limit(FEED_MAX_EVENTS);
  return rows.map(({ registrationStatus, ...e }) => ({
    ...e,
    waitlisted: registrationStatus === 'waitlisted',
  }));
}
