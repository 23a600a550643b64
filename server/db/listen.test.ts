import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db';
import type { Database } from './client';

const waitFor = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe('database listen/notify', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('delivers a notification to a listener', async () => {
    const got: string[] = [];
    await database.listen('sg_test', (p) => got.push(p));
    await database.notify('sg_test', 'hej');
    expect(await waitFor(() => got.includes('hej'))).toBe(true);
  });

  // PGlite is in process; only PostgreSQL has a LISTEN connection that can drop.
  it.runIf(process.env.TEST_DB === 'postgres')('listens again after its connection is killed', async () => {
    const got: string[] = [];
    await database.listen('sg_again', (p) => got.push(p));
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()`,
    );
    let n = 0;
    const ok = await waitFor(() => {
      void database.notify('sg_again', `try-${n++}`);
      return got.length > 0;
    });
    expect(ok).toBe(true);
  });
});
