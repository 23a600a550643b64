import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { ChangeWatch } from '../db/change-watch';

const gzip = promisify(gzipCb);

export interface CachedList {
  version: number;
  /** UTF-8 bytes, encoded once: the list is sent as is, not encoded again per request (issue 17). */
  body: Buffer;
  /** The same body gzipped once, for clients that accept it (a 1 MB list is about 60 kB). */
  gzipped: Buffer;
}

/**
 * The serialized answer of the unfiltered GET /api/events, kept per server instance and rebuilt when
 * the events change counter has moved (server/db/change-watch.ts: no query per request while nothing
 * changed). The counter is read before the list, so a body is never older than its version.
 */
export function createEventListCache(watch: ChangeWatch, build: () => Promise<string>) {
  let cached: CachedList | null = null;
  let building: Promise<CachedList> | null = null;
  return async function get(): Promise<CachedList> {
    const version = await watch.version();
    if (cached && cached.version >= version) return cached;
    // One rebuild at a time; requests arriving meanwhile share it.
    if (!building) {
      building = build()
        .then(async (body) => {
          const bytes = Buffer.from(body);
          const next = { version, body: bytes, gzipped: await gzip(bytes) };
          if (!cached || next.version >= cached.version) cached = next;
          return next;
        })
        .finally(() => {
          building = null;
        });
    }
    const result = await building;
    return result.version >= version ? result : get();
  };
}
