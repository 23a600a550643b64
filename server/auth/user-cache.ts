import type { ChangeWatch } from '../db/change-watch';
import type { Db } from '../db/client';
import type { UserRow } from './users.presenter';
import { findUserById } from './users.queries';

const MAX_USERS = 10_000;

/**
 * The logged-in member's row for every request, kept per server instance while no member changed
 * (the users change counter, server/db/change-watch.ts): a role, membership or profile change, or a
 * deleted account, moves the counter on every instance, so the next request reads the row again.
 * The counter is read before the row, so a cached row is never older than its version.
 */
export function createUserCache(watch: () => ChangeWatch, db: Db) {
  const rows = new Map<string, { version: number; row: UserRow | null }>();
  return async function userById(id: string): Promise<UserRow | null> {
    const version = await watch().version();
    const hit = rows.get(id);
    if (hit && hit.version === version) return hit.row;
    const row = (await findUserById(db, id)) ?? null;
    rows.delete(id);
    rows.set(id, { version, row });
    // Insertion order: the oldest entries go first.
    while (rows.size > MAX_USERS) rows.delete(rows.keys().next().value as string);
    return row;
  };
}
