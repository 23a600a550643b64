import { createHash } from 'node:crypto';
import { stockholmDate } from '@common/time';
import type { UserRow } from '../auth/users.presenter';
import type { ChangeWatch } from '../db/change-watch';
import type { Db } from '../db/client';
import {
  countDirectory,
  countDirectoryAmong,
  findDirectoryPage,
  type MemberSearchParams,
} from './members.queries';

const MAX_PAGES = 300;
const MAX_TOTALS = 500;

interface Page {
  version: number;
  rows: UserRow[];
  total: number;
}

/** Whose directory it is: admins see hidden members; a viewer's blocks (either way) leave members out. */
export interface DirectoryView {
  includeHidden: boolean;
  /** The viewer whose blocks apply, or null (admins: blocks hide no one from them). */
  viewerId: string | null;
}

/** The members a block separates from the viewer, as of a users change counter (server/blocks/). */
export type BlockedIdsAt = (viewerId: string, version: number) => Promise<ReadonlySet<string>>;

const EVERYONE: DirectoryView = { includeHidden: false, viewerId: null };

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
 *
 * Admins and members see different pages (hidden members), and a member with blocks sees their own: the
 * viewer's blocked set (read after the counter, which every block moves) is part of the key, so no
 * member is ever served a page filtered for another. Members without blocks (most) share one entry per
 * search; pages of members with blocks have an LRU of their own, so they never push the shared ones out,
 * and their totals are the shared total less the blocked members that match (a few key lookups).
 */
export function createDirectoryCache(watch: ChangeWatch, db: Db, blockedIdsAt?: BlockedIdsAt) {
  const pages = new Lru<Page>(MAX_PAGES);
  const viewerPages = new Lru<Page>(MAX_PAGES);
  const totals = new Lru<{ version: number; total: number }>(MAX_TOTALS);
  const loading = new Map<string, Promise<Page>>();

  async function load(
    p: MemberSearchParams,
    version: number,
    filtersKey: string,
    excluded: string[],
  ): Promise<Page> {
    const rows = await findDirectoryPage(db, { ...p, excludeIds: excluded });
    if (rows.length < p.limit && (rows.length > 0 || p.offset === 0)) {
      return { version, rows, total: p.offset + rows.length };
    }
    const filters = JSON.parse(filtersKey);
    const known = totals.get(filtersKey);
    let shared = known?.version === version ? known.total : undefined;
    if (shared === undefined) {
      shared = await countDirectory(db, filters);
      totals.set(filtersKey, { version, total: shared });
    }
    const total = excluded.length ? shared - (await countDirectoryAmong(db, filters, excluded)) : shared;
    return { version, rows, total };
  }

  return async function list(
    p: MemberSearchParams,
    view: DirectoryView = EVERYONE,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const version = await watch.version();
    const blocked = view.viewerId && blockedIdsAt ? await blockedIdsAt(view.viewerId, version) : undefined;
    const excluded = blocked?.size ? [...blocked].sort() : [];
    const filtersKey = JSON.stringify({
      q: (p.q ?? '').trim().toLowerCase(),
      gender: p.gender ?? 'all',
      handicap: p.handicap ?? 'all',
      age: p.age ?? 'all',
      location: (p.location ?? '').trim().toLowerCase(),
      county: p.county ?? '',
      // Ages change with the date: an age search is cached for the day it was made.
      day: p.age && p.age !== 'all' ? stockholmDate(new Date()) : '',
      includeHidden: view.includeHidden,
    });
    const cache = excluded.length ? viewerPages : pages;
    // A digest, so that a member with many blocks does not make long keys.
    const viewKey = excluded.length ? createHash('sha1').update(excluded.join(',')).digest('base64url') : '';
    const pageKey = `${filtersKey}|${viewKey}|${p.limit}|${p.offset}`;
    const key = `${version}|${pageKey}`;
    const hit = cache.get(pageKey);
    if (hit && hit.version === version) return hit;
    // Identical searches arriving together share one query.
    let pending = loading.get(key);
    if (!pending) {
      pending = load({ ...p, includeHidden: view.includeHidden }, version, filtersKey, excluded).finally(() =>
        loading.delete(key),
      );
      loading.set(key, pending);
    }
    const page = await pending;
    const current = cache.get(pageKey);
    if (!current || current.version <= page.version) cache.set(pageKey, page);
    return page;
  };
}
