import type { Db } from '../db/client';

/**
 * Directory totals, kept a few seconds per database. Counting every match of a common search
 * ('anna' among 100,000 members) reads thousands of rows, while the page itself is an index range;
 * a total that trails a sign-up by a few seconds is fine for 'N medlemmar hittades'. Profile
 * writes through this server clear it at once.
 */
const TTL_MS = 15_000;
const MAX_ENTRIES = 500;
const caches = new WeakMap<Db, Map<string, { total: number; at: number }>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The cached total for a filter key, computing (and keeping) it when missing or stale. */
export async function cachedTotal(db: Db, key: string, compute: () => Promise<number>, now = Date.now()) {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.total;
  const total = await compute();
  cache.delete(key);
  cache.set(key, { total, at: now });
  // Oldest first (insertion order): drop the oldest beyond the limit.
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return total;
}

/** Forgets every cached total of a database (after a profile change that may move members between filters). */
export function clearDirectoryTotals(db: Db): void {
  caches.get(db)?.clear();
}
