import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  effectivePreferences,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationType,
} from '@common/notification-types';
import type { Db } from '../db/client';
import {
  type StoredPreferences,
  savePreferences,
  storedPreferences,
  turnOffEmailPreference,
} from './notifications.queries';

/** What differs from the defaults: the only part that is stored. */
export function preferenceOverrides(full: NotificationPreferences): StoredPreferences {
  const out: StoredPreferences = {};
  for (const type of NOTIFICATION_TYPES) {
    const d = DEFAULT_NOTIFICATION_PREFERENCES[type];
    const c = full[type];
    const diff: { email?: boolean; push?: boolean } = {};
    if (c.email !== d.email) diff.email = c.email;
    if (c.push !== d.push) diff.push = c.push;
    if (Object.keys(diff).length > 0) out[type] = diff;
  }
  return out;
}

/** The member's effective choices (stored differences over the defaults). */
export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  return effectivePreferences(await storedPreferences(db, userId));
}

/** Stores a full set of choices as its differences from the defaults; answers the effective set. */
export async function putPreferences(
  db: Db,
  userId: string,
  full: NotificationPreferences,
): Promise<NotificationPreferences> {
  const overrides = preferenceOverrides(full);
  await savePreferences(db, userId, overrides);
  return effectivePreferences(overrides);
}

/**
 * Turns one type's e-mail off for a member (one-click unsubscribe); idempotent, and atomic against a
 * concurrent change of other types (a jsonb merge in one statement).
 */
export async function turnOffEmail(db: Db, userId: string, type: NotificationType): Promise<void> {
  // Off is the default for opt-in types: then the override is dropped, else set to false.
  await turnOffEmailPreference(db, userId, type, DEFAULT_NOTIFICATION_PREFERENCES[type].email === false);
}
