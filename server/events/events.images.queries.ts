import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema';

/** A removed image is taken off the events that show it. */
export async function clearEventImage(tx: Db, imageId: string): Promise<void> {
  await tx
    .update(events)
    .set({ imageId: null, imageUrl: null, image: null })
    .where(eq(events.imageId, imageId));
}
