import type { ChannelChoice, NotificationType } from '@common/notification-types';
import { and, count, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notificationPreferences, notifications } from '../db/schema';
import type { NotificationRow } from './notifications.create';

export interface ListParams {
  userId: string;
  page: number;
  limit: number;
}

/** A page of the member's notices, newest first. */
export async function listNotifications(db: Db, p: ListParams): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, p.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(p.limit)
    .offset((p.page - 1) * p.limit);
}

/** How many of the member's notices are unread. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the member's notices read: the given ids (others' ids are ignored), or all without ids. */
export async function markRead(db: Db, userId: string, ids?: string[]): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}

export interface BatchParams {
  /** The set's marker (`data.batch`). */
  batch: string;
  /** No notice of the set was created before this (ISO). */
  since: string;
  userIds: string[];
}

/**
 * The notices of one set written together (createNotifications, createNotificationsFor) that belong
 * to these members, oldest first: the live delivery of a large set on each instance. Found by the
 * members' (user_id, created_at) index from `since`, so each member costs a short index range.
 */
export async function listBatchNotifications(db: Db, p: BatchParams): Promise<NotificationRow[]> {
  if (p.userIds.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(
      and(
        sql`${notifications.userId} in (select jsonb_array_elements_text(${JSON.stringify(p.userIds)}::jsonb))`,
        sql`${notifications.createdAt} >= ${p.since}::timestamptz`,
        sql`${notifications.data}->>'batch' = ${p.batch}`,
      ),
    )
    .orderBy(notifications.createdAt, notifications.id);
}

export type StoredPreferences = Record<string, Partial<ChannelChoice>>;

/** The member's stored choices (only what differs from the defaults), or null for none. */
export async function storedPreferences(db: Db, userId: string): Promise<StoredPreferences | null> {
  const [row] = await db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.preferences ?? null;
}

/** Stored choices of several members at once. */
export async function storedPreferencesOf(
  db: Db,
  userIds: string[],
): Promise<Map<string, StoredPreferences>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notificationPreferences.userId, preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.preferences]));
}

/** Replaces the member's stored choices (the differences from the defaults). */
export async function savePreferences(db: Db, userId: string, preferences: StoredPreferences): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { preferences, updatedAt: new Date() },
    });
}

/** The dedupe keys like `pattern` that these members' notices already carry (what was told before). */
export async function findDedupeKeysLike(
  db: Db,
  userIds: string[],
  pattern: string,
): Promise<{ userId: string; dedupeKey: string | null }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: notifications.userId, dedupeKey: notifications.dedupeKey })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), like(notifications.dedupeKey, pattern)));
}

/**
 * Turns one type's e-mail off in the member's stored choices, atomic against a concurrent change of
 * other types (a jsonb merge in one statement). `isDefaultOff`: off is the type's default, so the
 * override is dropped rather than set to false.
 */
export async function turnOffEmailPreference(
  db: Db,
  userId: string,
  type: NotificationType,
  isDefaultOff: boolean,
): Promise<void> {
  const patch = JSON.stringify({ [type]: { email: false } });
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences: isDefaultOff ? {} : { [type]: { email: false } } })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        preferences: isDefaultOff
          ? sql`case when ${notificationPreferences.preferences}->${type} ? 'push'
                  then jsonb_set(${notificationPreferences.preferences}, ${`{${type}}`}::text[],
                                 (${notificationPreferences.preferences}->${type}) - 'email')
                  else ${notificationPreferences.preferences} - ${type} end`
          : sql`jsonb_set(${notificationPreferences.preferences}, ${`{${type}}`}::text[],
                  coalesce(${notificationPreferences.preferences}->${type}, '{}'::jsonb) || (${patch}::jsonb->${type}))`,
        updatedAt: new Date(),
      },
    });
}
