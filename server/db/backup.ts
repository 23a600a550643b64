import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { lockHolder, openDatabase } from './client';

/** What a backup is taken from or restored into: PostgreSQL at a URL, or PGlite in a data folder. */
export type BackupTarget = { databaseUrl: string } | { dataDir: string };

/** A refusal an operator can act on (the scripts print its message and exit with 1). */
export class BackupError extends Error {}

/** The kind of a backup file, by its first bytes: pg_dump's custom format, or PGlite's tar (gzip). */
export type BackupKind = 'postgres' | 'pglite';

/** Tables whose rows are not worth keeping in a backup (the rate-limit counters, UNLOGGED). */
const UNLOGGED_DATA_SKIPPED = '--no-unlogged-table-data';

/** Reads which kind of backup a file holds; a BackupError for anything else. */
export function backupKindOf(file: string): BackupKind {
  const head = readFileSync(file).subarray(0, 512);
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  throw new BackupError(
    `${file} is not a Singelgolf backup (neither pg_dump's custom format nor a PGlite dump).`,
  );
}

/** The PGlite database folder inside a data folder (server/db/client.ts keeps it there). */
const pgliteFolder = (dataDir: string) => path.join(path.resolve(dataDir), 'pglite');

/**
 * Writes a backup of the whole database to `file` (written beside it, then renamed, so a failed backup
 * never leaves a half file under the name). PostgreSQL: `pg_dump --format=custom`, a consistent snapshot
 * while the site runs. PGlite: its own dump of the data folder (a gzipped tar), which needs the folder to
 * itself: PGlite is one process, so a running site is refused with a message.
 * Images are rows of the database (`images`, `image_variants`), so they are in either backup.
 */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
): Promise<{ kind: BackupKind; bytes: number }> {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    if ('databaseUrl' in target) {
      await run(
        'pg_dump',
        ['--format=custom', UNLOGGED_DATA_SKIPPED, `--file=${partial}`],
        target.databaseUrl,
      );
    } else {
      refuseRunningSite(target.dataDir, 'back up');
      if (!hasPgliteData(target.dataDir)) {
        throw new BackupError(
          `No database in ${path.resolve(target.dataDir)} (no pglite folder): nothing to back up.`,
        );
      }
      const database = await openDatabase({ dataDir: target.dataDir }, { runMigrations: false });
      try {
        const dump = await pgliteClient(database).dumpDataDir('gzip');
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    }
    // The backup holds every member's data and the server's own keys (server_secrets): owner only.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { kind: 'databaseUrl' in target ? 'postgres' : 'pglite', bytes: statSync(file).size };
}

export interface RestoreOptions {
  /** Restore over a database (or data folder) that is not empty: its contents are replaced. */
  force?: boolean;
}

/**
 * Restores a backup made by backupDatabase into an empty database: PostgreSQL through `pg_restore` in one
 * transaction (an error leaves the database as it was), PGlite into an empty data folder. A database
 * that already holds tables, or a data folder that already holds a database, is refused unless `force`.
 * A backup restores into the kind it was taken from (pg_dump cannot read PGlite's files, nor PGlite
 * pg_dump's); the server applies newer migrations when it starts on the restored database.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  options: RestoreOptions = {},
): Promise<{ kind: BackupKind }> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const kind = backupKindOf(file);
  const into: BackupKind = 'databaseUrl' in target ? 'postgres' : 'pglite';
  if (kind !== into) {
    throw new BackupError(
      kind === 'pglite'
        ? `${file} is a PGlite backup: restore it with DATABASE_URL unset, into an empty DATA_DIR.`
        : `${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to an empty database.`,
    );
  }
  if ('databaseUrl' in target) {
    const tables = await userTableCount(target.databaseUrl);
    if (tables > 0 && !options.force) {
      throw new BackupError(
        `The database holds ${tables} tables already: restore into an empty database (createdb), or pass --force to replace its contents.`,
      );
    }
    const args = [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${withoutPassword(target.databaseUrl)}`,
    ];
    if (tables > 0) args.push('--clean', '--if-exists');
    await run('pg_restore', [...args, file], target.databaseUrl, false);
    return { kind };
  }
  refuseRunningSite(target.dataDir, 'restore into');
  const folder = pgliteFolder(target.dataDir);
  if (hasPgliteData(target.dataDir)) {
    if (!options.force) {
      throw new BackupError(
        `${path.resolve(target.dataDir)} holds a database already: restore into an empty DATA_DIR, or pass --force to replace it.`,
      );
    }
    rmSync(folder, { recursive: true, force: true });
  }
  const bytes = readFileSync(file);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const loadDataDir = new Blob([bytes], { type: gzip ? 'application/x-gzip' : 'application/x-tar' });
  try {
    const database = await openDatabase({ dataDir: target.dataDir, loadDataDir }, { runMigrations: false });
    try {
      await database.ping();
    } finally {
      await database.close();
    }
  } catch (err) {
    // A half-written folder would start as a broken site: leave the folder empty instead.
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
  return { kind };
}

/** True when the data folder holds a PGlite database (a non-empty pglite folder). */
function hasPgliteData(dataDir: string): boolean {
  const folder = pgliteFolder(dataDir);
  return existsSync(folder) && readdirSync(folder).length > 0;
}

/** PGlite allows one process per folder: a site running on it is refused (its lock file names it). */
function refuseRunningSite(dataDir: string, what: string): void {
  const pid = lockHolder(path.resolve(dataDir));
  if (pid !== null) {
    throw new BackupError(
      `The site is running on ${path.resolve(dataDir)} (process ${pid}). PGlite is one process: stop the site, ${what} the folder, then start it again.`,
    );
  }
}

/** The PGlite client behind Drizzle, for its dump. */
const pgliteClient = (database: { db: unknown }) =>
  (database.db as { $client: import('@electric-sql/pglite').PGlite }).$client;

/** How many tables the database holds outside the system schemas (0: empty, safe to restore into). */
async function userTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return res.rows[0].n;
  } finally {
    await client.end();
  }
}

/** The URL without its password, which goes to the tool in PGPASSWORD instead of its command line. */
function withoutPassword(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.href;
}

/** Runs pg_dump or pg_restore against the URL; a BackupError with its own words when it fails. */
function run(tool: string, args: string[], url: string, urlAsArgument = true): Promise<void> {
  const password = decodeURIComponent(new URL(url).password);
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const fullArgs = urlAsArgument ? [...args, `--dbname=${withoutPassword(url)}`] : args;
  return new Promise((resolve, reject) => {
    const child = spawn(tool, fullArgs, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(`${tool} is not installed (Debian: apt-get install postgresql-client).`)
          : err,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
