import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Takes a transaction-level advisory lock on a text key (hashed), held until the transaction ends:
 * serialises work on one thing (a member's e-mail changes, a reporter's reports) across instances.
 */
export async function advisoryXactLock(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
