import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notificationPreferences, notifications } from '../db/schema';

/** A member's notification choices as stored, or undefined (the member's data export). */
export async function findPreferencesRow(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row;
}

/** A member's notices, oldest first (the member's data export). */
export async function listMemberNotices(db: Db, userId: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt));
}

/** Account deletion: the member's notices and notification choices go. */
export async function eraseMemberNotices(tx: Db, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** Account deletion: a deleted member's name in others' notices becomes `replacement`. */
export async function renameInNotices(tx: Db, name: string, replacement: string): Promise<void> {
  await tx
    .update(notifications)
    .set({
      title: sql`replace(${notifications.title}, ${name}, ${replacement})`,
      body: sql`replace(${notifications.body}, ${name}, ${replacement})`,
    })
    .where(
      or(sql`${notifications.title} like ${`%${name}%`}`, sql`${notifications.body} like ${`%${name}%`}`),
    );
}
