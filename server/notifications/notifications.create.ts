import type { Notification } from '@common/schemas/notifications';
import type { Db } from '../db/client';
import {
  MAX_NOTIFY_BYTES,
  notifyThrough,
  REALTIME_CHANNEL,
  type RealtimeEnvelope,
} from '../db/realtime-channel';
import { LIVE_EACH_MAX, NOTIFICATIONS_CHANNEL, newBatch } from './notice-channels';
import { insertNotificationRows, type NotificationDraft, type NotificationRow } from './notices.queries';

export type { NotificationDraft, NotificationRow } from './notices.queries';
// Many members' notice in one statement (an INSERT … SELECT), with its live NOTIFYs.
export { createNotificationsFor, type NotificationTemplate } from './notices.queries';
export { LIVE_EACH_MAX, NOTIFICATIONS_CHANNEL, newBatch };

const CHUNK = 1000;

/**
 * The API shape of a stored notice; `current: false` when the state it told of has ended (the list
 * decides it, notice-currency.queries.ts; a notice sent live is news, so current, and carries no flag).
 */
export function presentNotification(row: NotificationRow, current = true): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    ...(current ? {} : { current: false as const }),
  };
}

/**
 * Writes notices in the caller's transaction (`db` may be a transaction), so a notice exists exactly
 * when the change that causes it is committed. Drafts whose `dedupeKey` the member already has are
 * skipped. Two NOTIFYs, delivered by PostgreSQL only at commit (and dropped on rollback): each new
 * notice to its member's open sockets (`{ type: 'notification', data }`), and one that wakes the
 * fan-out job (e-mail and push by the member's preferences). Answers the rows inserted.
 */
export async function createNotifications(db: Db, drafts: NotificationDraft[]): Promise<NotificationRow[]> {
  const batch = drafts.length > LIVE_EACH_MAX ? newBatch() : null;
  const inserted: NotificationRow[] = [];
  for (let i = 0; i < drafts.length; i += CHUNK) {
    const rows = await insertNotificationRows(
      db,
      drafts.slice(i, i + CHUNK).map((d) => ({
        userId: d.userId,
        type: d.type,
        title: d.title,
        body: d.body,
        url: d.url,
        data: batch ? { ...d.data, batch } : (d.data ?? {}),
        dedupeKey: d.dedupeKey ?? null,
        ...(d.deliverAfter ? { deliverAfter: d.deliverAfter } : {}),
      })),
    );
    inserted.push(...rows);
  }
  await announceNotifications(db, inserted, batch);
  return inserted;
}

/**
 * Sends, at commit, new or rewritten notices to their members' open sockets and wakes the fan-out:
 * up to LIVE_EACH_MAX one NOTIFY each (`{ to, event }`), more one NOTIFY for the set when the rows
 * carry `batch` in their data. A notice too large for a NOTIFY payload is only missing live: the bell
 * loads it on its next fetch.
 */
export async function announceNotifications(
  db: Db,
  rows: NotificationRow[],
  batch: string | null,
): Promise<void> {
  if (rows.length === 0) return;
  if (batch && rows.length > LIVE_EACH_MAX) {
    // Dates carry milliseconds, the column microseconds: one millisecond earlier includes the oldest row.
    const since = new Date(Math.min(...rows.map((r) => r.createdAt.getTime())) - 1).toISOString();
    const ref: RealtimeEnvelope = { ref: 'notifications', batch, since };
    await notifyThrough(db, REALTIME_CHANNEL, [JSON.stringify(ref)]);
  } else {
    const envelopes = rows
      .map((row) =>
        JSON.stringify({
          to: [row.userId],
          event: { type: 'notification', data: presentNotification(row) },
        } satisfies RealtimeEnvelope),
      )
      .filter((e) => Buffer.byteLength(e) <= MAX_NOTIFY_BYTES);
    await notifyThrough(db, REALTIME_CHANNEL, envelopes);
  }
  await notifyThrough(db, NOTIFICATIONS_CHANNEL, ['']);
}
