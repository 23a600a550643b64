import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { scores, users } from '../../server/db/schema';
import { seedDemoDataIfEmpty } from '../../server/seed/seed';
import { freshDatabase, sessionCookieFor } from './database';
import { type RunningServer, startServer } from './server';

/** The demo Pro member (server/seed/demo-people.ts): benchmarks of logged-in pages and routes run as them. */
export const DEMO_PRO_EMAIL = 'pro@singelgolf.test';

/** Seeds the demo data into an empty database and answers a session cookie of its Pro member. */
export async function seedDemoWithProSession(database: Database): Promise<string> {
  await seedDemoDataIfEmpty(database);
  const [pro] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PRO_EMAIL));
  if (!pro) throw new Error('the demo Pro member is missing');
  return sessionCookieFor(database, pro.id);
}

/** Throws unless the server takes the cookie for a logged-in session (`GET /api/auth/user` answers 200). */
export async function assertSession(baseUrl: string, cookie: string): Promise<void> {
  const me = await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`the Pro member's session: /api/auth/user answered ${me.status}`);
}

/**
 * A session of a player in the demo's scored round (server/seed/demo-scores.ts) and that round's event: the
 * scorecard is measured as them (the Pro member plays in no group of it).
 */
export async function demoPlayerSession(database: Database): Promise<{ cookie: string; eventId: number }> {
  const [player] = await database.db
    .select({ userId: scores.userId, eventId: scores.eventId })
    .from(scores)
    .orderBy(scores.eventId, scores.userId)
    .limit(1);
  if (!player) throw new Error('the demo has no scored round');
  return { cookie: await sessionCookieFor(database, player.userId), eventId: player.eventId };
}

export interface DemoSite {
  server: RunningServer;
  /** The demo Pro member's session cookie, as a `cookie` header (`sg.sid=…`). */
  proCookie: string;
  /** A player of the demo's scored round: their session cookie and the round's event. */
  player: { cookie: string; eventId: number };
  /** Stops the server and removes its database. */
  stop(): Promise<void>;
}

/**
 * The built production server on a fresh PGlite database (`.tmp/bench-<name>`) with the demo data, and a
 * session of the demo Pro member that the server has been checked to accept.
 */
export async function startDemoSite(name: string, port: number): Promise<DemoSite> {
  const bench = await freshDatabase('pglite', name);
  const database = await bench.open();
  let proCookie: string;
  let player: DemoSite['player'];
  try {
    proCookie = await seedDemoWithProSession(database);
    player = await demoPlayerSession(database);
  } finally {
    // PGlite is one process's: closed before the server opens it.
    await database.close();
  }
  let server: RunningServer | undefined;
  try {
    server = await startServer({ port, dataDir: bench.dataDir });
    await assertSession(server.url, proCookie);
  } catch (err) {
    await server?.stop();
    await bench.drop();
    throw err;
  }
  const running = server;
  return {
    server: running,
    proCookie,
    player,
    async stop() {
      await running.stop();
      await bench.drop();
    },
  };
}
