import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import type { TestContext } from './test-app';

export interface SecondInstance {
  app: FastifyInstance;
  /** ws://…/ws of the second instance. */
  wsUrl: string;
  close(): Promise<void>;
}

/**
 * A second app instance over the test context's database, listening on its own port. On PostgreSQL it
 * has its own pool and LISTEN connection, so a push reaches it only through NOTIFY, as between two
 * processes; on PGlite (one connection) it shares the first one's.
 */
export async function startSecondInstance(t: TestContext): Promise<SecondInstance> {
  let database: Database = t.database;
  if (t.database.kind === 'postgres') {
    // biome-ignore lint/suspicious/noExplicitAny: the pg pool behind Drizzle knows its URL
    const url = (t.db as any).$client.options.connectionString as string;
    database = await openDatabase({ databaseUrl: url, poolSize: 5 }, { runMigrations: false });
  }
  const app = await buildApp({ config: t.app.config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    wsUrl: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`,
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}
