import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * This instance's share of `user_presence`: one row per member with sockets here (count, seenAt).
 * Writes are queued in order per member, so a quick open-close never leaves a stale count; the
 * heartbeat refreshes seenAt of every row of the instance; stop() deletes them (shutdown).
 */
export class PresenceWriter {
  readonly instanceId = randomUUID();
  private queue = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The member now holds `sockets` sockets here (0 removes the row). */
  set(userId: string, sockets: number): void {
    this.enqueue(async () => {
      if (sockets <= 0) {
        await this.db.execute(
          sql`delete from user_presence where user_id = ${userId} and instance_id = ${this.instanceId}`,
        );
        return;
      }
      await this.db.execute(sql`
        insert into user_presence (user_id, instance_id, sockets, seen_at)
        values (${userId}, ${this.instanceId}, ${sockets}, now())
        on conflict (user_id, instance_id) do update set sockets = excluded.sockets, seen_at = now()`);
    });
  }

  /** The heartbeat: this instance's members are still here. */
  refresh(): void {
    this.enqueue(async () => {
      await this.db.execute(
        sql`update user_presence set seen_at = now() where instance_id = ${this.instanceId}`,
      );
    });
  }

  /** Waits for queued writes, then removes every row of this instance. */
  async stop(): Promise<void> {
    await this.queue;
    await this.db
      .execute(sql`delete from user_presence where instance_id = ${this.instanceId}`)
      .catch(this.onError);
  }

  /** Resolves when the writes queued so far are done (tests). */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch(this.onError);
  }
}

/** Removes presence rows of instances that stopped without cleaning up (crashed): stale for an hour. */
export async function pruneStalePresence(db: Db): Promise<void> {
  await db.execute(sql`delete from user_presence where seen_at < now() - interval '1 hour'`);
}
