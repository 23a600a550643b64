import { and, inArray, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';
import type { NotificationRow } from './notifications.create';

/**
 * Claims up to `limit` due notices for the fan-out: `delivered_at = now()` on rows taken with FOR UPDATE
 * SKIP LOCKED, so two workers never take one row. Answers the claimed rows.
 */
export async function claimDueNotifications(tx: Db, limit: number): Promise<NotificationRow[]> {
  return tx
    .update(notifications)
    .set({ deliveredAt: sql`now()` })
    .where(
      sql`${notifications.id} in (
        select id from notifications
        where delivered_at is null and deliver_after <= now()
        order by deliver_after, id
        limit ${limit}
        for update skip locked)`,
    )
    .returning();
}

/** Where the notices of these members go: their e-mail address and first name. */
export async function findRecipients(
  db: Db,
  userIds: string[],
): Promise<Map<string, { id: string; email: string | null; firstName: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((u) => [u.id, u]));
}

/** When the next waiting notice is due (null: none waits). */
export async function nextDue(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(notifications.deliverAfter) })
    .from(notifications)
    .where(and(isNull(notifications.deliveredAt)));
  return row?.at ? new Date(row.at) : null;
}
