import type { SessionStore } from '@fastify/session';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { sessions } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

const sessionBySid = preparedQuery((db) =>
  db
    .select({ sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('sg_session_by_sid'),
);

/** @fastify/session store over the `sessions` table, so every instance shares sessions. */
export function createSessionStore(db: Db, maxAgeDays: number): SessionStore & { prune(): Promise<void> } {
  return {
    set(sid, session, cb) {
      const plain = JSON.parse(JSON.stringify(session)) as { cookie?: { expires?: string } };
      const expire = plain.cookie?.expires
        ? new Date(plain.cookie.expires)
        : new Date(Date.now() + maxAgeDays * DAY_MS);
      db.insert(sessions)
        .values({ sid, sess: plain, expire })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess: plain, expire } })
        .then(() => cb(), cb);
    },
    get(sid, cb) {
      sessionBySid(db)
        .execute({ sid })
        .then((rows) => {
          const row = rows[0];
          if (!row || row.expire.getTime() <= Date.now()) return cb(null, null);
          // biome-ignore lint/suspicious/noExplicitAny: @fastify/session restores a Session from the plain object
          cb(null, row.sess as any);
        }, cb);
    },
    destroy(sid, cb) {
      db.delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(() => cb(), cb);
    },
    async prune() {
      await db.delete(sessions).where(lt(sessions.expire, new Date()));
    },
  };
}
