import type { ChangeWatch } from '../db/change-watch';
import type { Db } from '../db/client';
import type { UserRow } from './members.presenter';
import { countDirectory, findDirectoryPage, type MemberSearchParams } from './members.queries';

const MAX_PAGES = 300;
const MAX_TOTALS = 500;

interface Page {
  version: number;
  rows: UserRow[];
  total: number;
}

/** A map that forgets its least recently used entries beyond a size. */
class Lru<V> {
  private map = new Map<string, V>();
  constructor(private max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
}

/**
 * Pages of the members directory and their totals, kept per server instance for as long as no member
 * changed (the users change counter, server/db/change-watch.ts). Searching 100,000 members costs the
 * database milliseconds per request; most requests repeat a few searches (the first page, common
 * names). The counter is read before the rows, so a cached page is never older than its version.
 * A page that is not full on the first request is the whole answer, so only larger results are counted.
 */
export function createDirectoryCache(watch: ChangeWatch, db: Db) {
  const pages = new Lru<Page>(MAX_PAGES);
  const totals = new Lru<{ version: number; total: number }>(MAX_TOTALS);
  const loading = new Map<string, Promise<Page>>();

  async function load(p: MemberSearchParams, version: number, filtersKey: string): Promise<Page> {
    const rows = await findDirectoryPage(db, p);
    if (rows.length < p.limit && (rows.length > 0 || p.offset === 0)) {
      return { version, rows, total: p.offset + rows.length };
    }
    const known = totals.get(filtersKey);
    if (known && known.version === version) return { version, rows, total: known.total };
    const total = await countDirectory(db, JSON.parse(filtersKey));
    totals.set(filtersKey, { version, total });
    return { version, rows, total };
  }

  return async function list(p: MemberSearchParams): Promise<{ rows: UserRow[]; total: number }> {
    const version = await watch.version();
    const filtersKey = JSON.stringify({
      q: (p.q ?? '').trim().toLowerCase(),
      gender: p.gender ?? 'all',
      handicap: p.handicap ?? 'all',
    });
    const key = `${version}|${filtersKey}|${p.limit}|${p.offset}`;
    const pageKey = `${filtersKey}|${p.limit}|${p.offset}`;
    const hit = pages.get(pageKey);
    if (hit && hit.version === version) return hit;
    // Identical searches arriving together share one query.
    let pending = loading.get(key);
    if (!pending) {
      pending = load(p, version, filtersKey).finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    const page = await pending;
    const current = pages.get(pageKey);
    if (!current || current.version <= page.version) pages.set(pageKey, page);
    return page;
  };
}
