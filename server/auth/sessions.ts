import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpModels, sessions } from '../db/schema';
import { sessionsEndingHere } from '../plugins/session-store';
import { announceEndedSessions } from '../realtime/session-sockets';

/**
 * Ends every site session of a member (all devices), except `exceptSid` when given. A session is
 * read from the table on every request, so the next request of an ended session is logged out; the
 * ended sessions are announced (NOTIFY, at commit when `db` is a transaction) so every instance closes
 * the WebSockets opened with them. Anything that locks a member out (new password, 'Logga ut överallt',
 * suspension) goes through here.
 */
export async function endUserSessions(db: Db, userId: string, exceptSid?: string): Promise<number> {
  const bySession = sql`(${sessions.sess}->>'userId') = ${userId}`;
  const rows = await db
    .delete(sessions)
    .where(exceptSid ? and(bySession, ne(sessions.sid, exceptSid)) : bySession)
    .returning({ sid: sessions.sid });
  const sids = rows.map((r) => r.sid);
  sessionsEndingHere(sids);
  await announceEndedSessions(db, sids);
  return rows.length;
}

/** Ends the built-in issuer's own sessions of an account, so no silent login brings it back. */
export async function endIssuerSessions(db: Db, accountId: string): Promise<void> {
  await db
    .delete(idpModels)
    .where(and(eq(idpModels.kind, 'Session'), sql`(${idpModels.payload}->>'accountId') = ${accountId}`));
}
