import type { Db } from '../db/client';
import { announceEndedSessions } from '../plugins/ended-sessions';
import { sessionsEndingHere } from '../plugins/session-store';
import { deleteUserSessionRows } from '../plugins/session-store.queries';
import { deleteIssuerSessions } from './idp/idp-models.queries';

/**
 * Ends every site session of a member (all devices), except `exceptSid` when given. A session is
 * read from the table on every request, so the next request of an ended session is logged out; the
 * ended sessions are announced (NOTIFY, at commit when `db` is a transaction) so every instance closes
 * the WebSockets opened with them. Anything that locks a member out (new password, 'Logga ut överallt',
 * suspension) goes through here.
 */
export async function endUserSessions(db: Db, userId: string, exceptSid?: string): Promise<number> {
  const sids = await deleteUserSessionRows(db, userId, exceptSid);
  sessionsEndingHere(sids);
  await announceEndedSessions(db, sids);
  return sids.length;
}

/** Ends the built-in issuer's own sessions of an account, so no silent login brings it back. */
export async function endIssuerSessions(db: Db, accountId: string): Promise<void> {
  await deleteIssuerSessions(db, accountId);
}
