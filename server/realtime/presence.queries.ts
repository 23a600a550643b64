import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The member holds `sockets` sockets on the instance now (a count of 0 or less removes the row). */
export async function setPresence(
  db: Db,
  p: { userId: string; instanceId: string; sockets: number },
): Promise<void> {
  if (p.sockets <= 0) {
    await db.execute(
      sql`delete from user_presence where user_id = ${p.userId} and instance_id = ${p.instanceId}`,
    );
    return;
  }
  await db.execute(sql`
    insert into user_presence (user_id, instance_id, sockets, seen_at)
    values (${p.userId}, ${p.instanceId}, ${p.sockets}, now())
    on conflict (user_id, instance_id) do update set sockets = excluded.sockets, seen_at = now()`);
}

/** The heartbeat: the instance's members are still here. */
export async function refreshPresence(db: Db, instanceId: string): Promise<void> {
  await db.execute(sql`update user_presence set seen_at = now() where instance_id = ${instanceId}`);
}

/** Removes every row of the instance (it stops). */
export async function deleteInstancePresence(db: Db, instanceId: string): Promise<void> {
  await db.execute(sql`delete from user_presence where instance_id = ${instanceId}`);
}

/** Removes presence rows of instances that stopped without cleaning up (crashed): stale for an hour. */
export async function pruneStalePresence(db: Db): Promise<void> {
  await db.execute(sql`delete from user_presence where seen_at < now() - interval '1 hour'`);
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** Sockets the member holds on the other live instances (rows refreshed within `freshSeconds`). */
export async function socketsElsewhere(
  db: Db,
  p: { userId: string; instanceId: string; freshSeconds: number },
): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select coalesce(sum(sockets), 0)::int as n from user_presence
      where user_id = ${p.userId} and instance_id <> ${p.instanceId}
        and seen_at > now() - make_interval(secs => ${p.freshSeconds})`),
  );
  return row.n;
}

/**
 * Writes that the member holds `sockets` sockets on the instance, unless that takes them over `cap`
 * across every live instance: then it writes `sockets - 1` (the newest one goes) and answers false.
 * Under a transaction lock per member, so two instances admitting at once take turns and each counts
 * the other's socket: the cap holds across instances.
 */
export async function admitSocket(
  db: Db,
  p: { userId: string; instanceId: string; sockets: number; cap: number; freshSeconds: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(5000513, hashtext(${p.userId}))`);
    await setPresence(tx, p);
    const elsewhere = await socketsElsewhere(tx, p);
    if (elsewhere + p.sockets <= p.cap) return true;
    await setPresence(tx, { ...p, sockets: p.sockets - 1 });
    return false;
  });
}
