import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

/** NOTIFY channel on which ended sessions are announced: payload a JSON array of session ids. */
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
    await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${JSON.stringify(batch)})`);
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

/** A session as the socket check needs it. */
export interface LiveSession {
  userId: string | null;
  expiresAt: number;
}

/** Which of these sessions still exist and have not expired, with their member and expiry. */
export async function liveSessions(db: Db, sids: readonly string[]): Promise<Map<string, LiveSession>> {
  const live = new Map<string, LiveSession>();
  for (let i = 0; i < sids.length; i += 1000) {
    const rows = await db
      .select({
        sid: sessions.sid,
        userId: sql<string | null>`${sessions.sess}->>'userId'`,
        expire: sessions.expire,
      })
      .from(sessions)
      .where(and(inArray(sessions.sid, sids.slice(i, i + 1000)), gt(sessions.expire, new Date())));
    for (const r of rows) live.set(r.sid, { userId: r.userId, expiresAt: r.expire.getTime() });
  }
  return live;
}
