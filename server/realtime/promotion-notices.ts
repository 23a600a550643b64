import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventNotifications } from '../db/schema';
import { publishToUsers } from './realtime.publish';

/**
 * After a waitlist promotion has committed: pushes each promoted member's newest
 * `waitlist_promoted` notice to their open sockets (any instance). Never throws.
 */
export async function pushPromotionNotices(
  database: Database,
  promoted: { eventId: number; userId: string }[],
): Promise<void> {
  for (const p of promoted) {
    try {
      const [n] = await database.db
        .select()
        .from(eventNotifications)
        .where(
          and(
            eq(eventNotifications.userId, p.userId),
            eq(eventNotifications.eventId, p.eventId),
            eq(eventNotifications.type, 'waitlist_promoted'),
          ),
        )
        .orderBy(desc(eventNotifications.id))
        .limit(1);
      if (!n) continue;
      await publishToUsers(database, [p.userId], {
        type: 'event_notification',
        data: { notification: { ...n, createdAt: n.createdAt.toISOString() } },
      });
    } catch {
      // The notice row is stored; a missed push only means the member sees it on the next load.
    }
  }
}
