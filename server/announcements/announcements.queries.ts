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

/** Name fields of a member an announcement would reach (display names are made by common/rules). */
export interface RecipientNameRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  username: string | null;
}

/**
 * Who an announcement to `audience` would reach: how many, and the first `limit` in name order.
 * Read-only; the same audience query as sending.
 */
export async function audiencePreview(
  db: Db,
  eventId: number,
  audience: AnnouncementAudience,
  limit: number,
): Promise<{ count: number; first: RecipientNameRow[] }> {
  const recipients = sql`select distinct user_id from (${audienceQuery(eventId, audience)}) q`;
  const [counted, named] = await Promise.all([
    db.execute(sql`select count(*)::int as "count" from (${recipients}) a`),
    db.execute(sql`
      select u.id, u.first_name as "firstName", u.last_name as "lastName", u.full_name as "fullName",
        u.username
      from users u where u.id in (${recipients})
      order by u.first_name nulls last, u.last_name nulls last, u.id
      limit ${limit}
    `),
  ]);
  return {
    count: (counted as unknown as { rows: { count: number }[] }).rows[0].count,
    first: (named as unknown as { rows: RecipientNameRow[] }).rows,
  };
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
