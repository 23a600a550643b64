import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { deleteInstancePresence, refreshPresence, setPresence } from './presence.queries';

export { pruneStalePresence } from './presence.queries';

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
    this.enqueue(() => setPresence(this.db, { userId, instanceId: this.instanceId, sockets }));
  }

  /** The heartbeat: this instance's members are still here. */
  refresh(): void {
    this.enqueue(() => refreshPresence(this.db, this.instanceId));
  }

  /** Waits for queued writes, then removes every row of this instance. */
  async stop(): Promise<void> {
    await this.queue;
    await deleteInstancePresence(this.db, this.instanceId).catch(this.onError);
  }

  /** Resolves when the writes queued so far are done (tests). */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch(this.onError);
  }
}
