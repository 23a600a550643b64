import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { eventSchema } from '@common/schemas/events';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database, Db } from '../db/client';
import { cacheVersions } from '../db/schema';
import { presentEvent } from './events.presenter';
import { listEvents } from './events.queries';

/** Channel on which the events trigger announces each new version (migration 0009). */
export const EVENTS_CACHE_CHANNEL = 'sg_events_cache';

/** A cached answer is checked against the database at least this often, even with no notification. */
const MAX_TRUST_MS = 5_000;

const gzip = promisify(gzipCb);

/** The change counter of events and registrations (bumped by a trigger on every change). */
export async function eventsVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, 'events'));
  return row?.version ?? -1;
}

export interface CachedList {
  version: number;
  body: string;
  /** The same body gzipped once, for clients that accept it (a 1 MB list is about 60 kB). */
  gzipped: Buffer;
}

export interface EventListCache {
  get(): Promise<CachedList>;
  /** Marks the answer as possibly stale: the next get() asks the database (after a write on this instance). */
  invalidate(): void;
  close(): Promise<void>;
}

/**
 * The serialized answer of the unfiltered GET /api/events, kept per server instance.
 *
 * Every change to events or registrations bumps a counter in the database and announces it with
 * NOTIFY (migrations 0007, 0009). While this instance's LISTEN connection is up and nothing has been
 * announced, written here or lost, the cached body is served without a query. Otherwise the counter is
 * read (before the list, so a body is never older than its version) and the body rebuilt if it moved.
 * Checks happen when a notification arrives, after any write through this instance (invalidate), when
 * the LISTEN connection was re-established (notifications may have been lost), and every 5 s anyway.
 */
export async function createEventListCache(
  database: Database,
  build: () => Promise<string>,
): Promise<EventListCache> {
  let cached: CachedList | null = null;
  let building: Promise<CachedList> | null = null;
  /** Bumped by every notification and local write; a check trusts its answer only if none came meanwhile. */
  let generation = 0;
  /** Listener epoch, generation and time at which `cached` was last known to be current. */
  let trusted: { epoch: number; generation: number; at: number } | null = null;

  const invalidate = () => {
    generation++;
  };
  const unlisten = await database.listen(EVENTS_CACHE_CHANNEL, invalidate);

  async function get(): Promise<CachedList> {
    const epoch = database.listenerEpoch();
    const gen = generation;
    const now = Date.now();
    if (
      cached &&
      trusted &&
      trusted.epoch === epoch &&
      trusted.generation === gen &&
      now - trusted.at < MAX_TRUST_MS
    ) {
      return cached;
    }
    // Trusted from now on unless a notification or write arrives while the counter is being read.
    const trust = () => {
      if (epoch !== null && generation === gen && database.listenerEpoch() === epoch)
        trusted = { epoch, generation: gen, at: now };
    };
    const version = await eventsVersion(database.db);
    if (cached && cached.version === version) {
      trust();
      return cached;
    }
    // One rebuild at a time; requests arriving meanwhile share it.
    if (!building) {
      building = build()
        .then(async (body) => {
          const next = { version, body, gzipped: await gzip(body) };
          if (!cached || next.version >= cached.version) cached = next;
          return next;
        })
        .finally(() => {
          building = null;
        });
    }
    const result = await building;
    if (result.version < version) return get();
    if (result.version === version) trust();
    return result;
  }

  return { get, invalidate, close: unlisten };
}

declare module 'fastify' {
  interface FastifyInstance {
    eventListCache: EventListCache;
  }
}

/**
 * Decorates the app with the event list cache, and drops its trust after every write request answered
 * by this instance (before the answer leaves, so the writer's next read is checked against the database).
 */
async function eventListCachePlugin(app: FastifyInstance) {
  const cache = await createEventListCache(app.database, async () => {
    const rows = await listEvents(app.db);
    return JSON.stringify(z.array(eventSchema).parse(rows.map((e) => presentEvent(e, e))));
  });
  app.decorate('eventListCache', cache);
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS')
      cache.invalidate();
  });
  app.addHook('onClose', async () => cache.close());
}

// The decoration and the hook belong to the root app, as with fastify-plugin.
Object.assign(eventListCachePlugin, { [Symbol.for('skip-override')]: true });

export { eventListCachePlugin };
