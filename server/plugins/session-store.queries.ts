import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { sessions } from '../db/schema';

/** A session row as the store reads it. */
export interface SessionRow {
  sess: unknown;
  expire: Date;
}

const sessionBySid = preparedQuery((db) =>
  db
    .select({ sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('sg_session_by_sid'),
);

/** The session row with this id, or undefined. */
export async function findSessionRow(db: Db, sid: string): Promise<SessionRow | undefined> {
  const rows = await sessionBySid(db).execute({ sid });
  return rows[0];
}

/** Writes a session row (new, or replacing the one with this id). */
export async function upsertSessionRow(db: Db, sid: string, sess: unknown, expire: Date): Promise<void> {
  await db
    .insert(sessions)
    .values({ sid, sess, expire })
    .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } });
}

/** Deletes one session row. */
export async function deleteSessionRow(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Deletes the sessions that have expired. */
export async function deleteExpiredSessionRows(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, new Date()));
}

/** Deletes every session of a member, except `exceptSid` when given; the ids of those deleted. */
export async function deleteUserSessionRows(db: Db, userId: string, exceptSid?: string): Promise<string[]> {
  const bySession = sql`(${sessions.sess}->>'userId') = ${userId}`;
  const rows = await db
    .delete(sessions)
    .where(exceptSid ? and(bySession, ne(sessions.sid, exceptSid)) : bySession)
    .returning({ sid: sessions.sid });
  return rows.map((r) => r.sid);
}

/** One NOTIFY on the ended-sessions channel, through `db` (at commit when it is a transaction). */
export async function notifyEndedSessions(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** A session as the socket check needs it. */
export interface LiveSession {
  userId: string | null;
  expiresAt: number;
}

/** Which of these sessions still exist (the sockets' check) and have not expired, with their member and expiry. */
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
