import type { Db } from '../db/client';
import { notifyEndedSessions } from './session-store.queries';

/**
 * NOTIFY channel on which ended sessions are announced: payload a JSON array of session ids. Whatever
 * ends sessions (auth) announces here; the WebSocket server (realtime, above) listens and closes the
 * sockets opened with them (code 4401).
 */
export const SESSIONS_ENDED_CHANNEL = 'sg_sessions_ended';

// NOTIFY payloads are limited to 8000 bytes; stay below with room to spare.
const MAX_NOTIFY_BYTES = 7900;

/**
 * Tells every server instance that these sessions have ended, so each closes the sockets opened with
 * them. Through `db`, so inside a transaction the NOTIFY is delivered when (and only if) it commits.
 */
export async function announceEndedSessions(db: Db, sids: readonly string[]): Promise<void> {
  let batch: string[] = [];
  let bytes = 2;
  const flush = async () => {
    if (batch.length === 0) return;
    await notifyEndedSessions(db, SESSIONS_ENDED_CHANNEL, JSON.stringify(batch));
    batch = [];
    bytes = 2;
  };
  for (const sid of sids) {
    const size = Buffer.byteLength(JSON.stringify(sid)) + 1;
    if (bytes + size > MAX_NOTIFY_BYTES) await flush();
    batch.push(sid);
    bytes += size;
  }
  await flush();
}

/** The session ids of an announcement, or [] for anything else. */
export function parseEndedSessions(payload: string): string[] {
  try {
    const value: unknown = JSON.parse(payload);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
