import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Signer } from '@fastify/cookie';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/client';
import { sessions } from '../../server/db/schema';
import { BENCH_SESSION_SECRET } from './server';

const root = path.resolve(import.meta.dirname, '../..');

/** The PostgreSQL server benchmarks use (DATABASE_URL, else the local one). */
export const basePostgresUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** For the server: DATABASE_URL (postgres) or DATA_DIR (pglite). */
  databaseUrl?: string;
  dataDir?: string;
  /** Opens it (migrated) for preparing data; close before starting a PGlite server. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** A fresh, empty database for one benchmark: a new PostgreSQL database or a new PGlite folder. */
export async function freshDatabase(kind: 'pglite' | 'postgres', name: string): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dataDir = path.join(root, '.tmp', `bench-${name}`);
    rmSync(dataDir, { recursive: true, force: true });
    return {
      kind,
      dataDir,
      open: () => openDatabase({ dataDir }),
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const db = `sg_bench_${name.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: basePostgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${db} with (force)`);
  await admin.query(`create database ${db}`);
  await admin.end();
  const url = new URL(basePostgresUrl);
  url.pathname = `/${db}`;
  return {
    kind,
    databaseUrl: url.href,
    open: () => openDatabase({ databaseUrl: url.href, poolSize: 10 }),
    async drop() {
      const c = new pg.Client({ connectionString: basePostgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${db} with (force)`);
      await c.end();
    },
  };
}

/** A session row for a member and the cookie header that carries it (servers run with BENCH_SESSION_SECRET). */
export async function sessionCookieFor(database: Database, userId: string): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  // Like a real login: a 30-day session (a shorter one would be refreshed, i.e. written, on every request).
  const expires = new Date(Date.now() + 30 * 86_400_000);
  await database.db.insert(sessions).values({
    sid,
    expire: expires,
    sess: {
      cookie: { originalMaxAge: 30 * 86_400_000, expires: expires.toISOString(), httpOnly: true, path: '/' },
      userId,
    },
  });
  return `sg.sid=${encodeURIComponent(new Signer(BENCH_SESSION_SECRET).sign(sid))}`;
}
