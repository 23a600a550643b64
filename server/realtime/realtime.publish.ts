import type { ServerRealtimeEvent } from '@common/schemas/messages';
import type { Db } from '../db/client';
import {
  MAX_NOTIFY_BYTES,
  notifyThrough,
  REALTIME_CHANNEL,
  type RealtimeEnvelope,
} from '../db/realtime-channel';

export { REALTIME_CHANNEL, type RealtimeEnvelope };

/**
 * Pushes an event to the open, joined sockets of the given members, on every server instance
 * (PostgreSQL NOTIFY; PGlite in process). Through the caller's transaction (a domain event's
 * subscriber): the NOTIFY is delivered at commit, and only if it commits. A new message too large for
 * a NOTIFY travels as a reference that each instance loads (committed by the time it is delivered).
 */
export async function publishToUsers(db: Db, to: string[], event: ServerRealtimeEvent): Promise<void> {
  if (to.length === 0) return;
  const payload = JSON.stringify({ to: [...new Set(to)], event } satisfies RealtimeEnvelope);
  if (Buffer.byteLength(payload) <= MAX_NOTIFY_BYTES) {
    await notifyThrough(db, REALTIME_CHANNEL, [payload]);
    return;
  }
  if (event.type === 'new_message') {
    const ref: RealtimeEnvelope = { ref: 'message', id: event.data.message.id };
    await notifyThrough(db, REALTIME_CHANNEL, [JSON.stringify(ref)]);
    return;
  }
  throw new Error(`realtime event ${event.type} too large for NOTIFY`);
}
