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
    exclusively(fn) {
      return fn();
    },
    async close() {
      await client.close();
      release();
    },
  };
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
