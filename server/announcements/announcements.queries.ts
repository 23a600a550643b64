import type { AnnouncementAudience } from '@common/options';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventAnnouncements } from '../db/schema';

export type AnnouncementRow = typeof eventAnnouncements.$inferSelect;

const AUDIENCE_CONDITION: Record<AnnouncementAudience, SQL> = {
  all: sql`r.status in ('registered', 'offered', 'waitlisted')`,
  registered: sql`r.status = 'registered'`,
  // Offered members have not taken their place yet: they hear what the waitlist hears.
  waitlisted: sql`r.status in ('waitlisted', 'offered')`,
  unpaid: sql`r.status = 'registered' and r.payment_status = 'pending'`,
  checked_in: sql`r.status = 'registered' and r.attendance = 'present'`,
};

/** The members of an event an announcement to `audience` reaches (one user_id column, for notices). */
export function audienceQuery(eventId: number, audience: AnnouncementAudience): SQL {
  return sql`select r.user_id from event_registrations r
    where r.event_id = ${eventId} and r.cancelled_at is null and ${AUDIENCE_CONDITION[audience]}`;
}

/** An event's announcements, newest first. */
export async function listAnnouncements(db: Db, eventId: number) {
  return db
    .select()
    .from(eventAnnouncements)
    .where(eq(eventAnnouncements.eventId, eventId))
    .orderBy(desc(eventAnnouncements.createdAt), desc(eventAnnouncements.id));
}

/** Stores an announcement and answers the row. */
export async function insertAnnouncement(
  db: Db,
  values: typeof eventAnnouncements.$inferInsert,
): Promise<AnnouncementRow> {
  const [row] = await db.insert(eventAnnouncements).values(values).returning();
  return row;
}
