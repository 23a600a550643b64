import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { cacheVersions } from './schema';

/** A cached answer is checked against the database at least this often, even with no notification. */
const MAX_TRUST_MS = 5_000;

/** Knows the current change counter of one kind of data (a `cache_versions` row) without a query per request. */
export interface ChangeWatch {
  /** The counter now: from memory while nothing can have changed, else read from the database. */
  version(): Promise<number>;
  /** Something may have changed (a write through this instance): the next version() reads the database. */
  invalidate(): void;
  close(): Promise<void>;
}

/**
 * Watches a change counter that triggers bump and announce with NOTIFY (migrations 0007, 0009, 0010).
 * The counter is read from the database when a notification arrived, after invalidate(), while the
 * LISTEN connection is down or was re-established (notifications may have been lost), and every 5 s;
 * otherwise the last value read is still current. A value read while a notification arrived is used
 * for that caller but not trusted afterwards. A cache keyed by this version is never older than it,
 * as long as the counter is read before the data.
 */
export async function watchChanges(database: Database, name: string, channel: string): Promise<ChangeWatch> {
  /** Bumped by every notification and local write; a read trusts its value only if none came meanwhile. */
  let generation = 0;
  let trusted: { version: number; epoch: number; generation: number; at: number } | null = null;
  const invalidate = () => {
    generation++;
  };
  const unlisten = await database.listen(channel, invalidate);

  async function read(): Promise<number> {
    const [row] = await database.db
      .select({ version: cacheVersions.version })
      .from(cacheVersions)
      .where(eq(cacheVersions.name, name));
    return row?.version ?? -1;
  }

  return {
    async version() {
      const epoch = database.listenerEpoch();
      const gen = generation;
      const now = Date.now();
      if (
        trusted &&
        trusted.epoch === epoch &&
        trusted.generation === gen &&
        now - trusted.at < MAX_TRUST_MS
      ) {
        return trusted.version;
      }
      const version = await read();
      if (epoch !== null && generation === gen && database.listenerEpoch() === epoch) {
        trusted = { version, epoch, generation: gen, at: now };
      }
      return version;
    },
    invalidate,
    close: unlisten,
  };
}
