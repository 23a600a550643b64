import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema';

/** Whether an event with this id exists. */
export async function eventExists(db: Db, eventId: number): Promise<boolean> {
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  return rows.length > 0;
}
