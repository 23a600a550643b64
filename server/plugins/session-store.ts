import type { SessionStore } from '@fastify/session';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { sessions } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The channel migration 0020's trigger announces a changed or ended session on (payload: its sid). */
export const SESSIONS_CHANNEL = 'sg_sessions';
/** Sessions kept in memory per instance (the oldest read go first). */
const MAX_CACHED = 20_000;
/** A cached session is read again at least this often, even with no announcement. */
const MAX_TRUST_MS = 60_000;

const sessionBySid = preparedQuery((db) =>
  db
    .select({ sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('sg_session_by_sid'),
);

type Row = { sess: unknown; expire: Date };
type Cached = { row: Row | null; epoch: number; at: number };

export type CachedSessionStore = SessionStore & { prune(): Promise<void>; close(): Promise<void> };

/**
 * @fastify/session store over the `sessions` table, so every instance shares sessions, with the sessions
 * this instance has read kept in memory: a logged-in request reads no session row while its copy is
 * current. Copies are dropped when the session changes or ends anywhere (NOTIFY from a trigger), when
 * the LISTEN connection was down (announcements may be lost), and after a minute in any case.
 */
export async function createSessionStore(
  database: Pick<Database, 'db' | 'listen' | 'listenerEpoch'>,
  maxAgeDays: number,
): Promise<CachedSessionStore> {
  const { db } = database;
  const cache = new Map<string, Cached>();
  // Bumped per announced sid while a read is under way, so a read that raced a change is not kept.
  const changedDuringRead = new Set<string>();
  let reading = 0;
  const forget = (sid: string) => {
    cache.delete(sid);
    if (reading > 0) changedDuringRead.add(sid);
  };
  const unlisten = await database.listen(SESSIONS_CHANNEL, forget);

  const remember = (sid: string, row: Row | null, epoch: number | null) => {
    if (epoch === null) return;
    cache.delete(sid);
    cache.set(sid, { row, epoch, at: Date.now() });
    while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  };

  async function read(sid: string): Promise<Row | null> {
    const epoch = database.listenerEpoch();
    const hit = cache.get(sid);
    if (hit && epoch !== null && hit.epoch === epoch && Date.now() - hit.at < MAX_TRUST_MS) return hit.row;
    reading++;
    changedDuringRead.delete(sid);
    try {
      const rows = await sessionBySid(db).execute({ sid });
      const row = rows[0] ?? null;
      if (!changedDuringRead.has(sid) && database.listenerEpoch() === epoch) remember(sid, row, epoch);
      return row;
    } finally {
      reading--;
      if (reading === 0) changedDuringRead.clear();
    }
  }

  return {
    set(sid, session, cb) {
      const plain = JSON.parse(JSON.stringify(session)) as { cookie?: { expires?: string } };
      const expire = plain.cookie?.expires
        ? new Date(plain.cookie.expires)
        : new Date(Date.now() + maxAgeDays * DAY_MS);
      forget(sid);
      // The write is announced (an update) or new: the next read fetches the row once.
      db.insert(sessions)
        .values({ sid, sess: plain, expire })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess: plain, expire } })
        .then(() => cb(), cb);
    },
    get(sid, cb) {
      read(sid).then((row) => {
        if (!row || row.expire.getTime() <= Date.now()) return cb(null, null);
        // biome-ignore lint/suspicious/noExplicitAny: @fastify/session restores a Session from the plain object
        cb(null, row.sess as any);
      }, cb);
    },
    destroy(sid, cb) {
      forget(sid);
      db.delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(() => cb(), cb);
    },
    async prune() {
      await db.delete(sessions).where(lt(sessions.expire, new Date()));
    },
    close: unlisten,
  };
}
