import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calendarFeeds } from '../db/schema';

/** Account deletion: the member's calendar feed goes. */
export async function eraseMemberCalendarFeed(tx: Db, userId: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
