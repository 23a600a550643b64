import type { ServerRealtimeEvent } from '@common/schemas/messages';
import type { Database } from '../db/client';

/** The PostgreSQL NOTIFY channel every instance listens on. */
export const REALTIME_CHANNEL = 'sg_realtime';

// NOTIFY payloads are limited to 8000 bytes; stay below with room to spare.
const MAX_NOTIFY_BYTES = 7900;

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
 * Pushes an event to the open, joined sockets of the given members, on every server instance
 * (PostgreSQL NOTIFY; PGlite in process). Call it after the change has been committed.
 */
export async function publishToUsers(
  database: Pick<Database, 'notify'>,
  to: string[],
  event: ServerRealtimeEvent,
): Promise<void> {
  if (to.length === 0) return;
  const payload = JSON.stringify({ to: [...new Set(to)], event } satisfies RealtimeEnvelope);
  if (Buffer.byteLength(payload) <= MAX_NOTIFY_BYTES) {
    await database.notify(REALTIME_CHANNEL, payload);
    return;
  }
  if (event.type === 'new_message') {
    const ref: RealtimeEnvelope = { ref: 'message', id: event.data.message.id };
    await database.notify(REALTIME_CHANNEL, JSON.stringify(ref));
    return;
  }
  throw new Error(`realtime event ${event.type} too large for NOTIFY`);
}
