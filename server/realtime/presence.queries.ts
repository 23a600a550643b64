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
