import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cacheVersions } from '../db/schema';

/** The change counter of events and registrations (bumped by a trigger on every change). */
export async function eventsVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, 'events'));
  return row?.version ?? -1;
}

/**
 * The serialized answer of the unfiltered GET /api/events, kept per server
 * instance and rebuilt when the database's change counter has moved. The
 * counter is read before the list, so a cached body is never older than its
 * version.
 */
const gzip = promisify(gzipCb);

export interface CachedList {
  version: number;
  body: string;
  /** The same body gzipped once, for clients that accept it (a 1 MB list is about 60 kB). */
  gzipped: Buffer;
}

export function createEventListCache(build: () => Promise<string>) {
  let cached: CachedList | null = null;
  let building: Promise<CachedList> | null = null;
  return async function get(db: Db): Promise<CachedList> {
    const version = await eventsVersion(db);
    if (cached && cached.version === version) return cached;
    // One rebuild at a time; requests arriving meanwhile share it.
    if (!building) {
      building = build()
        .then(async (body) => {
          cached = { version, body, gzipped: await gzip(body) };
          return cached;
        })
        .finally(() => {
          building = null;
        });
    }
    const result = await building;
    return result.version === version || result.version > version ? result : get(db);
  };
}
