import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, type Db, openDatabase } from '../db/client';
import { outboundEmails } from '../db/schema';
import { TEST_ORIGIN } from './test-app';

/** An app on the given database, as a server process would run it (jobs started unless told). */
export async function startApp(
  database: Database,
  env: Record<string, string>,
  opts: { jobs?: boolean; logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: opts.logger ?? false,
    startJobs: opts.jobs ?? true,
  });
  await app.ready();
  return app;
}

/** A second connection to the same database (PostgreSQL: its own pool and LISTEN; PGlite: the same). */
export async function secondConnection(database: Database): Promise<Database> {
  if (database.kind === 'pglite') return database;
  // biome-ignore lint/suspicious/noExplicitAny: the pg pool behind Drizzle knows its URL
  const url = (database.db as any).$client.options.connectionString as string;
  return openDatabase({ databaseUrl: url, poolSize: 5 }, { runMigrations: false });
}

/** Polls until `check` answers true (or fails after `timeoutMs`). */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The outbox row of an e-mail. */
export async function emailRow(db: Db, id: string) {
  const [row] = await db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
  return row;
}
