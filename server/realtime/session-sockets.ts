import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

// Ended sessions are announced below realtime (server/plugins/ended-sessions.ts), by whatever ends them;
// realtime listens on that channel.
export { parseEndedSessions, SESSIONS_ENDED_CHANNEL } from '../plugins/ended-sessions';

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
