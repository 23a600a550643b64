import type { Database } from '../db/client';
import {
  deleteExpiredSessionRows,
  deleteSessionRow,
  findSessionRow,
  upsertSessionRow,
} from './session-store.queries';

/** The channel migration 0020's trigger announces a changed or ended session on (payload: its sid). */
export const SESSIONS_CHANNEL = 'sg_sessions';
/** Sessions kept in memory per instance (the oldest read go first). */
const MAX_CACHED = 20_000;
/** A cached session is read again at least this often, even with no announcement. */
const MAX_TRUST_MS = 60_000;

/** What a session holds (`userId`, a pending login…), as kept in its row's `sess` beside `cookie`. */
export type SessionData = Readonly<Record<string, unknown>>;
/** A live session as stored: its data (frozen: shared by the requests that read it) and when it ends. */
export interface StoredSession {
  data: SessionData;
  expires: Date;
}
type Cached = { session: StoredSession | null; epoch: number; at: number };

// Every store of this process: an ending written here is known at once, before its NOTIFY comes back.
const storesHere = new Set<(sids: readonly string[]) => void>();

/**
 * Drops this process's copies of sessions that a transaction here is ending, and keeps them from being
 * cached again until the trigger's announcement arrives (NOTIFY reaches the listener only some time
 * after commit: the member's next request may come first). Called by whatever deletes session rows.
 */
export function sessionsEndingHere(sids: readonly string[]): void {
  for (const drop of storesHere) drop(sids);
}

export interface SessionStore {
  /** The session as this instance knows it while that copy is current (null: none), else undefined. */
  peek(sid: string): StoredSession | null | undefined;
  /** The live session with this id, or null (none, or expired). */
  get(sid: string): Promise<StoredSession | null>;
  set(sid: string, data: SessionData, expires: Date): Promise<void>;
  destroy(sid: string): Promise<void>;
  prune(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Rows are kept in @fastify/session's shape (the data's keys beside `cookie: { expires, originalMaxAge }`),
 * which the site used before its own session plugin: sessions made then stay valid.
 */
function fromRow(row: { sess: unknown; expire: Date }): StoredSession {
  const { cookie: _cookie, ...data } = (row.sess ?? {}) as Record<string, unknown>;
  return { data: Object.freeze(data), expires: row.expire };
}

const live = (session: StoredSession | null) =>
  session && session.expires.getTime() > Date.now() ? session : null;

/**
 * The sessions table, shared by every instance, with the sessions this instance has read kept in
 * memory: a logged-in request reads no session row while its copy is current. Copies are dropped when
 * the session changes or ends anywhere (NOTIFY from a trigger), when the LISTEN connection was down
 * (announcements may be lost), and after a minute in any case.
 */
export async function createSessionStore(
  database: Pick<Database, 'db' | 'listen' | 'listenerEpoch'>,
  maxAgeDays: number,
): Promise<SessionStore> {
  const { db } = database;
  const maxAgeMs = maxAgeDays * 86_400_000;
  const cache = new Map<string, Cached>();
  // Announced sids while a read is under way, so a read that raced a change is not kept.
  const changedDuringRead = new Set<string>();
  let reading = 0;
  // Sessions ended by this process whose announcement has not arrived yet: read, never cached.
  const endingHere = new Map<string, number>();
  const forget = (sid: string) => {
    cache.delete(sid);
    if (reading > 0) changedDuringRead.add(sid);
  };
  const announced = (sid: string) => {
    endingHere.delete(sid);
    forget(sid);
  };
  const unlistenChanges = await database.listen(SESSIONS_CHANNEL, announced);
  const endedHere = (sids: readonly string[]) => {
    const now = Date.now();
    for (const [sid, at] of endingHere) if (now - at >= MAX_TRUST_MS) endingHere.delete(sid);
    for (const sid of sids) {
      endingHere.set(sid, now);
      forget(sid);
    }
  };
  storesHere.add(endedHere);
  const unlisten = async () => {
    storesHere.delete(endedHere);
    await unlistenChanges();
  };

  const remember = (sid: string, session: StoredSession | null, epoch: number) => {
    cache.delete(sid);
    cache.set(sid, { session, epoch, at: Date.now() });
    while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  };

  function peek(sid: string): StoredSession | null | undefined {
    const hit = cache.get(sid);
    const epoch = database.listenerEpoch();
    if (!hit || epoch === null || hit.epoch !== epoch || Date.now() - hit.at >= MAX_TRUST_MS)
      return undefined;
    return live(hit.session);
  }

  async function get(sid: string): Promise<StoredSession | null> {
    const known = peek(sid);
    if (known !== undefined) return known;
    const epoch = database.listenerEpoch();
    reading++;
    changedDuringRead.delete(sid);
    try {
      const row = await findSessionRow(db, sid);
      const session = row ? fromRow(row) : null;
      const current = !changedDuringRead.has(sid) && !endingHere.has(sid);
      if (epoch !== null && current && database.listenerEpoch() === epoch) {
        remember(sid, session, epoch);
      }
      return live(session);
    } finally {
      reading--;
      if (reading === 0) changedDuringRead.clear();
    }
  }

  return {
    peek,
    get,
    async set(sid, data, expires) {
      const sess = { ...data, cookie: { originalMaxAge: maxAgeMs, expires: expires.toISOString() } };
      forget(sid);
      // The write is announced (an update) or new: the next read fetches the row once.
      await upsertSessionRow(db, sid, sess, expires);
    },
    async destroy(sid) {
      forget(sid);
      await deleteSessionRow(db, sid);
    },
    async prune() {
      await deleteExpiredSessionRows(db);
    },
    close: unlisten,
  };
}
