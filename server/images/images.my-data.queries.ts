import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { images } from '../db/schema';

/** The pictures a member uploaded, not removed ones, with their bytes (the member's data export). */
export async function listMemberPictures(db: Db, userId: string) {
  return db
    .select({
      id: images.id,
      mimeType: images.mimeType,
      data: images.originalData,
      createdAt: images.createdAt,
    })
    .from(images)
    .where(and(eq(images.uploadedBy, userId), isNull(images.removedAt)));
}

/** Account deletion: the member's own pictures go; event pictures stay with their events, unattributed. */
export async function eraseMemberUploads(tx: Db, userId: string): Promise<void> {
  await tx.delete(images).where(and(eq(images.uploadedBy, userId), ne(images.entityType, 'event')));
  await tx.update(images).set({ uploadedBy: null }).where(eq(images.uploadedBy, userId));
}
