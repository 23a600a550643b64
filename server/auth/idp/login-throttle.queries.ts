import { eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

export type LoginThrottleRow = typeof loginThrottle.$inferSelect;

/** The throttle rows with these keys. */
export async function findThrottles(db: Db, keys: string[]): Promise<LoginThrottleRow[]> {
  return db.select().from(loginThrottle).where(inArray(loginThrottle.emailKey, keys));
}

/** Deletes the throttle rows with these keys. */
export async function deleteThrottles(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.emailKey, keys));
}

/** One more failure on a throttle row (a fresh window after an hour); answers the count. */
export async function bumpThrottle(tx: Db, key: string): Promise<number> {
  const [row] = await tx
    .insert(loginThrottle)
    .values({ emailKey: key, failures: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottle.emailKey,
      set: {
        failures: sql`case when ${loginThrottle.windowStart} < now() - interval '1 hour' then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} < now() - interval '1 hour' then now() else ${loginThrottle.windowStart} end`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  return row.failures;
}

/** The next attempt on this key waits `seconds` from now. */
export async function spaceThrottle(tx: Db, key: string, seconds: number): Promise<void> {
  await tx
    .update(loginThrottle)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(loginThrottle.emailKey, key));
}

/** This key waits `minutes` from now, in a fresh window of failures. */
export async function startThrottleWait(tx: Db, key: string, minutes: number): Promise<void> {
  await tx
    .update(loginThrottle)
    .set({
      failures: 0,
      windowStart: sql`now()`,
      lockedUntil: sql`now() + make_interval(mins => ${minutes})`,
    })
    .where(eq(loginThrottle.emailKey, key));
}

/** Deletes the row of an address (`allKey`) and every row whose key starts with `sourcePrefix`. */
export async function deleteThrottleRowsOf(tx: Db, allKey: string, sourcePrefix: string): Promise<void> {
  await tx
    .delete(loginThrottle)
    .where(or(eq(loginThrottle.emailKey, allKey), like(loginThrottle.emailKey, `${sourcePrefix}%`)));
}
