import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A counter after a request: requests in the window so far, and milliseconds until the window ends. */
export interface CounterState {
  current: number;
  ttl: number;
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/**
 * Counts one request of `key` in one statement, atomic across instances: a new or expired counter
 * starts a window of `windowMs` at 1, a live one goes up by one. Times are the database's, so the
 * instances' clocks do not matter.
 */
export async function incrementCounter(db: Db, p: { key: string; windowMs: number }): Promise<CounterState> {
  const rows = rowsOf<CounterState>(
    await db.execute(sql`
      insert into rate_limit_counters as c (key, count, expires_at)
      values (${p.key}, 1, now() + make_interval(secs => ${p.windowMs / 1000}))
      on conflict (key) do update set
        count = case when c.expires_at <= now() then 1 else c.count + 1 end,
        expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
      returning count as current,
        greatest(0, ceil(extract(epoch from c.expires_at - now()) * 1000))::int as ttl`),
  );
  return rows[0];
}

/** The counter of `key` without counting a request (0 when it has none or its window is over). */
export async function readCounter(db: Db, key: string): Promise<CounterState> {
  const rows = rowsOf<CounterState>(
    await db.execute(sql`
      select count as current, greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::int as ttl
      from rate_limit_counters where key = ${key} and expires_at > now()`),
  );
  return rows[0] ?? { current: 0, ttl: 0 };
}

/** Removes the counters whose window is over. */
export async function sweepCounters(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where expires_at <= now()`);
}
