import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. A transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type NotifyHandler = (payload: string) => void;

/**
 * The connection pool and its errors, for /metrics. PostgreSQL: the request pool's connections (pg.Pool's
 * totalCount, idleCount, waitingCount). PGlite is one connection in process: total 1, idle while no
 * statement runs, waiting the statements queued behind the one that runs. `queryErrors`: failed
 * statements since the database was opened, by SQLSTATE (`none` when the error has no code).
 */
export interface DatabaseStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
  queryErrors: ReadonlyMap<string, number>;
}

/** An open database: Drizzle, its kind, health, pub/sub and shutdown. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** Subscribes to a channel (PostgreSQL LISTEN; PGlite in process). Returns an unsubscribe function. */
  listen(channel: string, handler: NotifyHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Which LISTEN connection is up: a number that changes whenever it was re-established (notifications
   * sent while it was down are lost), or null while there is none. PGlite: always 1 (in process).
   */
  listenerEpoch(): number | null;
  /** Runs fn while holding a cluster-wide lock (PostgreSQL advisory lock on its own connection). */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /** Pool use and failed statements so far (metrics). */
  stats(): DatabaseStats;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** A PGlite data-dir dump to start from (tests). */
  loadDataDir?: Blob | File;
  /** In-memory PGlite (tests): no folder, no lock. */
  inMemory?: boolean;
}

/** Opens PostgreSQL when a URL is given, else PGlite in the data folder, and applies migrations. */
export async function openDatabase(opts: OpenOptions, { runMigrations = true } = {}): Promise<Database> {
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10)
    : await openPglite(opts);
  if (runMigrations) await applyMigrations(database);
  return database;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // JIT off: its compile step (~25 ms) pays only for long analytic queries; ours are short OLTP lookups.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off',
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it.
  });
  const queryErrors = new Map<string, number>();
  // Every statement of the pool goes through one of its clients (pool.query too): count the failed ones.
  pool.on('connect', (client) => countFailures(client, queryErrors));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | null = null;
  let epoch = 0;
  let closing = false;
  const handlers = new Map<string, Set<NotifyHandler>>();

  // One connection holds every LISTEN. When it drops, a new one is made and listens to every
  // channel again, so realtime fan-out survives a restart of PostgreSQL or a network blip.
  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    client.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    const lost = () => {
      if (listener !== client) return;
      listener = null;
      if (!closing) setTimeout(() => void relisten(), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    listener = client;
    epoch++;
    return client;
  }

  async function relisten(): Promise<void> {
    if (closing || listener || handlers.size === 0) return;
    try {
      await listenerClient();
    } catch {
      setTimeout(() => void relisten(), 2000).unref();
    }
  }

  return {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async listen(channel, handler) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listenerEpoch: () => (listener ? epoch : null),
    stats: () => ({
      max: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      queryErrors,
    }),
    async exclusively(fn) {
      const lockClient = new pg.Client({ connectionString: url });
      await lockClient.connect();
      try {
        await lockClient.query('select pg_advisory_lock(5000512)');
        return await fn();
      } finally {
        await lockClient.end().catch(() => {});
      }
    },
    async close() {
      closing = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** The process holding a PGlite data folder's lock (a running site), or null when none does. */
export function lockHolder(dir: string): number | null {
  const lockFile = path.join(dir, 'singelgolf.lock');
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8'));
  if (!pid || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Takes a lock file so that two processes never open one PGlite folder. */
function takeLock(dir: string): () => void {
  const lockFile = path.join(dir, 'singelgolf.lock');
  const pid = lockHolder(dir);
  if (pid !== null)
    throw new Error(`DATA_DIR ${dir} is in use by process ${pid}; stop it or use another DATA_DIR`);
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let release = () => {};
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    const dir = path.resolve(opts.dataDir ?? './data');
    mkdirSync(dir, { recursive: true });
    release = takeLock(dir);
    dataDir = path.join(dir, 'pglite');
  }
  const client = await PGlite.create({
    dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  const queryErrors = new Map<string, number>();
  const running = instrumentPglite(client, queryErrors);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, handler) {
      return client.listen(channel, handler);
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listenerEpoch: () => 1,
    stats: () => ({
      max: 1,
      total: 1,
      idle: running() === 0 ? 1 : 0,
      waiting: Math.max(0, running() - 1),
      queryErrors,
    }),
    exclusively(fn) {
      return fn();
    },
    async close() {
      await client.close();
      release();
    },
  };
}

function countError(errors: Map<string, number>, err: unknown): void {
  const code = (err as { code?: unknown } | null)?.code;
  // SQLSTATE is five characters; anything else (a lost connection's errno) is counted without a code.
  const key = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : 'none';
  errors.set(key, (errors.get(key) ?? 0) + 1);
}

/** Counts the failed statements of a pg client (promise and callback forms) without changing what they return. */
function countFailures(client: pg.PoolClient, errors: Map<string, number>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        if (err) countError(errors, err);
        return callback(err, ...rest);
      };
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(undefined, (err: unknown) => countError(errors, err));
    }
    return result;
  };
}

/**
 * Counts PGlite's failed statements (on the client and inside its transactions) and the operations
 * that hold or wait for its one connection. Returns how many hold or wait right now.
 */
function instrumentPglite(client: PGlite, errors: Map<string, number>): () => number {
  let running = 0;
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>, track: boolean) =>
    async (...args: A): Promise<R> => {
      if (track) running++;
      try {
        return await fn(...args);
      } catch (err) {
        countError(errors, err);
        throw err;
      } finally {
        if (track) running--;
      }
    };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = counted(query, true) as typeof client.query;
  client.exec = counted(exec, true) as typeof client.exec;
  client.transaction = (async (callback: Parameters<typeof client.transaction>[0]) => {
    running++;
    try {
      return await transaction((tx) => {
        tx.query = counted(tx.query.bind(tx), false) as typeof tx.query;
        tx.exec = counted(tx.exec.bind(tx), false) as typeof tx.exec;
        return callback(tx);
      });
    } finally {
      running--;
    }
  }) as typeof client.transaction;
  return () => running;
}

/** Applies the committed drizzle-kit migrations; on PostgreSQL under an advisory lock so instances take turns. */
export async function applyMigrations(database: Database): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: each driver's migrator wants its own database type
  const db = database.db as any;
  await database.exclusively(() =>
    database.kind === 'pglite'
      ? migratePglite(db, { migrationsFolder })
      : migratePg(db, { migrationsFolder }),
  );
}
