import type { Database } from '../db/client';
import type { EventNotificationRow } from '../registrations/registrations.service';
import { publishToUsers } from './realtime.publish';

/**
 * After a waitlist promotion has committed: pushes each notice the promotion inserted to its member's open
 * sockets (any instance), as it was stored; nothing is read back. Never throws.
 */
export async function pushPromotionNotices(
  database: Pick<Database, 'notify'>,
  notices: EventNotificationRow[],
): Promise<void> {
  for (const n of notices) {
    try {
      await publishToUsers(database, [n.userId], {
        type: 'event_notification',
        data: { notification: { ...n, createdAt: n.createdAt.toISOString() } },
      });
    } catch {
      // The notice row is stored; a missed push only means the member sees it on the next load.
    }
  }
}
