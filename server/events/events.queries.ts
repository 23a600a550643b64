import type { EventFilter } from '@common/options';
import { and, asc, eq, getTableColumns, gt, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ballGroups, eventRegistrations, events } from '../db/schema';
import type { CalendarEvent } from './events.ics';
import type { EventRow } from './events.presenter';

export interface EventListParams {
  status?: EventFilter;
  q?: string;
  from?: Date;
  to?: Date;
  now?: Date;
}

/** registeredCount counts the places taken (registered and open offers); offeredCount the offers of them. */
export type EventWithCounts = EventRow & {
  registeredCount: number;
  waitlistedCount: number;
  offeredCount: number;
};

// Counts per event in one grouped subquery (no query per event).
const counts = (db: Db, eventIds?: number[]) =>
  db
    .select({
      eventId: eventRegistrations.eventId,
      registered:
        sql<number>`count(*) filter (where ${eventRegistrations.status} in ('registered', 'offered'))`.as(
          'registered',
        ),
      offered: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'offered')`.as('offered'),
      waitlisted: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'waitlisted')`.as(
        'waitlisted',
      ),
    })
    .from(eventRegistrations)
    .where(eventIds ? inArray(eventRegistrations.eventId, eventIds) : undefined)
    .groupBy(eventRegistrations.eventId)
    .as('c');

/** Events sorted by start time, with registered and waitlisted counts, filtered as asked. */
export async function listEvents(db: Db, p: EventListParams = {}): Promise<EventWithCounts[]> {
  const now = p.now ?? new Date();
  const where: SQL[] = [];
  if (p.status === 'upcoming') where.push(gt(events.startTime, now));
  if (p.status === 'ongoing') where.push(and(lte(events.startTime, now), gt(events.endTime, now))!);
  if (p.status === 'past') where.push(lte(events.endTime, now));
  if (p.q?.trim()) {
    const like = `%${p.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(events.title, like), ilike(events.location, like), ilike(events.description, like))!);
  }
  if (p.from) where.push(gte(events.endTime, p.from));
  if (p.to) where.push(lte(events.startTime, p.to));
  const c = counts(db);
  const rows = await db
    .select({
      ...getTableColumns(events),
      registeredCount: sql<number>`coalesce(${c.registered}, 0)::int`,
      waitlistedCount: sql<number>`coalesce(${c.waitlisted}, 0)::int`,
      offeredCount: sql<number>`coalesce(${c.offered}, 0)::int`,
    })
    .from(events)
    .leftJoin(c, eq(c.eventId, events.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(events.startTime), asc(events.id));
  return rows;
}

/** One event with its counts, or undefined. */
export async function findEventWithCounts(db: Db, id: number): Promise<EventWithCounts | undefined> {
  return (await findEventsWithCounts(db, [id])).get(id);
}

/** Events by id with their counts (for lists that embed events). */
export async function findEventsWithCounts(db: Db, ids: number[]): Promise<Map<number, EventWithCounts>> {
  if (!ids.length) return new Map();
  const c = counts(db, ids);
  const rows = await db
    .select({
      ...getTableColumns(events),
      registeredCount: sql<number>`coalesce(${c.registered}, 0)::int`,
      waitlistedCount: sql<number>`coalesce(${c.waitlisted}, 0)::int`,
      offeredCount: sql<number>`coalesce(${c.offered}, 0)::int`,
    })
    .from(events)
    .leftJoin(c, eq(c.eventId, events.id))
    .where(inArray(events.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Locks the event row for the rest of the transaction (registrations serialize on it). */
export async function lockEvent(tx: Db, id: number): Promise<EventRow | undefined> {
  const rows = await tx.select().from(events).where(eq(events.id, id)).for('update');
  return rows[0];
}

/** Number of ball groups of an event. */
export async function countBallGroups(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ballGroups)
    .where(eq(ballGroups.eventId, eventId));
  return row?.n ?? 0;
}

/** Stores a new event and answers the row. */
export async function insertEvent(db: Db, values: typeof events.$inferInsert): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  return row;
}

/** Changes an event's fields and answers the row as it is now. */
export async function updateEventRow(
  db: Db,
  id: number,
  values: Partial<typeof events.$inferInsert>,
): Promise<EventRow> {
  const [row] = await db.update(events).set(values).where(eq(events.id, id)).returning();
  return row;
}

/** Deletes an event (its registrations, groups and messages go with it by cascade); false when there was none. */
export async function deleteEventRow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  return rows.length > 0;
}

/** One event row as stored, or undefined. */
export async function findEvent(db: Db, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

/** An event's id and title, or undefined for an unknown event. */
export async function findEventTitle(db: Db, id: number): Promise<{ id: number; title: string } | undefined> {
  const [row] = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(eq(events.id, id))
    .limit(1);
  return row;
}

/** Whether an event's ball groups are published (false for an unknown event). */
export async function groupsArePublished(db: Db, eventId: number): Promise<boolean> {
  const rows = await db
    .select({ at: events.ballGroupsPublishedAt })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return !!rows[0]?.at;
}

/** The columns of `events` a calendar entry needs, for a select that feeds buildCalendar. */
export const calendarEventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  location: events.location,
  startTime: events.startTime,
  endTime: events.endTime,
  status: events.status,
};

/** These events as calendar entries need them (unknown ids are left out). */
export async function findCalendarEvents(db: Db, ids: number[]): Promise<CalendarEvent[]> {
  if (ids.length === 0) return [];
  return db.select(calendarEventColumns).from(events).where(inArray(events.id, ids));
}

/** An event's id, title and status, or null. */
export async function findEventSummary(
  db: Db,
  id: number,
): Promise<{ id: number; title: string; status: EventRow['status'] } | null> {
  const [row] = await db
    .select({ id: events.id, title: events.title, status: events.status })
    .from(events)
    .where(eq(events.id, id));
  return row ?? null;
}

/** The first event that plays from one of these tees (a course update must keep them), or undefined. */
export async function findEventUsingTees(
  db: Db,
  teeIds: number[],
): Promise<{ id: number; title: string } | undefined> {
  if (teeIds.length === 0) return undefined;
  const rows = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(or(inArray(events.maleTeeId, teeIds), inArray(events.femaleTeeId, teeIds)))
    .orderBy(asc(events.id))
    .limit(1);
  return rows[0];
}
