import type { ServerRealtimeEvent } from '@common/schemas/messages';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The PostgreSQL NOTIFY channel of live events, on which every instance's realtime hub listens
 * (server/realtime). Defined here, below every domain, so that a domain writing in a transaction
 * (notifications, and realtime's own subscribers) sends its live signal through that transaction,
 * delivered at commit and only if it commits, without importing realtime, which sits above them all.
 */
export const REALTIME_CHANNEL = 'sg_realtime';

/** NOTIFY payloads are limited to 8000 bytes; stay below with room to spare. */
export const MAX_NOTIFY_BYTES = 7900;

/**
 * What travels between instances: either the event itself with its recipients, or (when that
 * would not fit in a NOTIFY payload) a reference to a message that each instance loads, or a set
 * of notices written together (`data.batch` of the rows, none created before `since`), of which
 * each instance loads those of its connected members.
 */
export type RealtimeEnvelope =
  | { to: string[]; event: ServerRealtimeEvent }
  | { ref: 'message'; id: number }
  | { ref: 'notifications'; batch: string; since: string };

/**
 * Sends NOTIFYs on `channel`, one per payload, through `db`: inside a transaction PostgreSQL (and
 * PGlite) delivers them at commit, in this order, and drops them on rollback.
 */
export async function notifyThrough(db: Db, channel: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  if (payloads.length === 1) {
    await db.execute(sql`select pg_notify(${channel}, ${payloads[0]})`);
    return;
  }
  await db.execute(
    sql`select pg_notify(${channel}, e) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) as e`,
  );
}
