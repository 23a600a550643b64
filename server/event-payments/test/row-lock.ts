import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventRegistrations } from '../../db/schema';

/**
 * Runs `start` while this test holds a registration's row lock (PostgreSQL only), and lets go once
 * `waiters` other transactions wait on a lock: the requests `start` made are then all in flight at the
 * same point, whatever the scheduling. Answers what `start` answered.
 */
export async function whileRowLocked<T>(
  db: Db,
  registrationId: number,
  waiters: number,
  start: () => Promise<T>,
): Promise<T> {
  let pending: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await tx
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, registrationId))
      .for('update');
    pending = start();
    for (let i = 0; ; i++) {
      const result = await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      const n = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      if (n >= waiters) break;
      if (i > 500) throw new Error(`only ${n} of ${waiters} requests reached the lock`);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return pending!;
}
