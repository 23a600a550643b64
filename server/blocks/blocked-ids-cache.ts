import type { ChangeWatch } from '../db/change-watch';
import type { Db } from '../db/client';
import { findBlockedEitherWay } from './blocks.queries';

const MAX_MEMBERS = 10_000;

/** Who a block separates from one member (either way), as of one users change counter. */
export interface BlockedIdsCache {
  /** The ids at `version` (read the counter first, then call this: the set is never older than it). */
  at(userId: string, version: number): Promise<ReadonlySet<string>>;
  /** Whether a block separates the two members now. */
  between(userId: string, otherId: string): Promise<boolean>;
}

/**
 * Each member's blocked-either-way set, kept per server instance for as long as the users change counter
 * stands still: every block and unblock moves it in its transaction (blocks.queries.ts
 * bumpUsersChangeCounter), so every instance reloads a member's set after a change, while a directory
 * page or a profile costs no query for it otherwise. Most members block no one: their set is empty.
 */
export function createBlockedIdsCache(watch: ChangeWatch, db: Db): BlockedIdsCache {
  const sets = new Map<string, { version: number; ids: ReadonlySet<string> }>();
  const loading = new Map<string, Promise<ReadonlySet<string>>>();

  async function at(userId: string, version: number): Promise<ReadonlySet<string>> {
    const hit = sets.get(userId);
    if (hit && hit.version === version) return hit.ids;
    const key = `${version}|${userId}`;
    let pending = loading.get(key);
    if (!pending) {
      pending = findBlockedEitherWay(db, userId)
        .then((ids): ReadonlySet<string> => new Set(ids))
        .finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    const ids = await pending;
    const current = sets.get(userId);
    if (!current || current.version <= version) {
      sets.delete(userId);
      sets.set(userId, { version, ids });
      // Insertion order: the oldest entries go first.
      while (sets.size > MAX_MEMBERS) sets.delete(sets.keys().next().value as string);
    }
    return ids;
  }

  return {
    at,
    async between(userId, otherId) {
      return (await at(userId, await watch.version())).has(otherId);
    },
  };
}
