import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { type CounterState, incrementCounter, readCounter, sweepCounters } from './rate-limit-store.queries';

type Callback = (err: Error | null, res?: CounterState) => void;

/** What @fastify/rate-limit hands a store's constructor and child() (the parts we read). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** How often counters of ended windows are deleted. */
export const SWEEP_MS = 60_000;

/**
 * A store for @fastify/rate-limit over PostgreSQL, so that every instance counts the same requests: a
 * limit of N per minute is N across the whole site, not N per instance. Each route's limiter is a child
 * keyed by its method and URL (as the plugin's Redis store does); a counter is one row of
 * `rate_limit_counters`, counted up in one statement (rate-limit-store.queries.ts). Used when the site
 * runs on PostgreSQL; on PGlite (one process) the plugin's in-memory store does the same job.
 * `continueExceeding` and `exponentialBackoff` are not supported (no limit of ours uses them).
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore {
    constructor(
      params: StoreParams,
      private readonly prefix = '',
    ) {
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error(
          'The PostgreSQL rate-limit store supports neither continueExceeding nor exponentialBackoff',
        );
      }
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      incrementCounter(db, { key: this.prefix + key, windowMs: timeWindow }).then(
        (res) => cb(null, res),
        (err) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      readCounter(db, this.prefix + key).then(
        (res) => cb(null, res),
        (err) => cb(err),
      );
    }

    child(params: StoreParams): PostgresRateLimitStore {
      const { method = '', url = '' } = params.routeInfo ?? {};
      return new PostgresRateLimitStore(params, `${this.prefix}${method}${url}-`);
    }
  }
  // The plugin's types say child() gets the route's options; at run time it gets the merged limit
  // parameters with the route under `routeInfo` (index.js, as its RedisStore reads them).
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Deletes ended counters every SWEEP_MS; answers the function that stops it. */
export function sweepRateLimitCounters(db: Db, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => sweepCounters(db).catch(onError), SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
