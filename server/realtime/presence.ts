import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { PRESENCE_FRESH_SECONDS } from '../notifications/message-notices.queries';
import {
  admitSocket,
  deleteInstancePresence,
  refreshPresence,
  setPresence,
  socketsElsewhere,
} from './presence.queries';

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

  /**
   * The member's newest socket here may stay only if their sockets on every live instance are at most
   * `cap` (PostgreSQL: several instances). `sockets()` is read when the write runs, after the writes
   * queued before it. False: the newest socket must go (its count here is already written without it).
   */
  admit(userId: string, sockets: () => number, cap: number): Promise<boolean> {
    const result = this.queue.then(() =>
      admitSocket(this.db, {
        userId,
        instanceId: this.instanceId,
        sockets: sockets(),
        cap,
        freshSeconds: PRESENCE_FRESH_SECONDS,
      }),
    );
    this.queue = result.then(
      () => {},
      (err) => this.onError(err),
    );
    return result;
  }

  /** Sockets the member holds on the other live instances. */
  elsewhere(userId: string): Promise<number> {
    return socketsElsewhere(this.db, {
      userId,
      instanceId: this.instanceId,
      freshSeconds: PRESENCE_FRESH_SECONDS,
    });
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
