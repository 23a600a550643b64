import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, users } from '../db/schema';

/**
 * Whether the entity an image is for exists: an event by id, a member (profile) by id. Read only: the
 * images domain never writes those tables.
 */
export async function imageEntityExists(db: Db, entity: 'event' | 'profile', id: string | number) {
  const rows =
    entity === 'event'
      ? await db
          .select({ id: events.id })
          .from(events)
          .where(eq(events.id, Number(id)))
          .limit(1)
      : await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, String(id)))
          .limit(1);
  return rows.length > 0;
}
