// Issue 4 benchmark: the members directory at 100,000 generated members. GET /api/users with a search for a
// common name, a rare name and a location (accent-free spelling of an accented town), with a handicap band,
// and both together; 50 connections on PostgreSQL, 10 on PGlite (one connection: queueing dominates beyond).
// Under load the same search repeats, so it is answered from the directory cache; the uncached columns
// time single searches right after a member changed (one connection, 40 samples).
import { loadavg } from 'node:os';
import type { FullUser } from '../common/schemas/users';
import { users } from '../server/db/schema';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { runLoad } from './lib/load';
import { saveProfile } from './lib/profile-save';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';
import { generateMembers } from './members-data';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = { postgres: 50, pglite: 10 } as const;
const TARGET_P99_MS = { postgres: 50, pglite: 200 } as const;

const QUERIES: [string, string | null][] = [
  // The floor of any logged-in call on this machine (session and member lookup), for comparison.
  ['baseline: GET /api/auth/user', null],
  ['common name (q=anna)', 'q=anna'],
  ['rare name (q=tiljander)', 'q=tiljander'],
  ['location, accents (q=ostersund)', 'q=ostersund'],
  ['handicap band 11-15', 'handicap=11-15'],
  ['name + band (q=lars&handicap=16-20)', 'q=lars&handicap=16-20'],
];

/**
 * Latency of a directory search that is not cached: before each request a profile is saved through the
 * API (a real change of a member), which moves the users change counter, so the server queries again.
 */
async function uncachedLatency(baseUrl: string, url: string, cookie: string, samples = 40) {
  const me = (await (await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } })).json()) as FullUser;
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const put = await saveProfile(baseUrl, cookie, me, i);
    if (put.status !== 200) throw new Error(`profile save answered ${put.status}: ${await put.text()}`);
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return { uncachedP50: at(0.5), uncachedMax: at(1) };
}

const rows: Record<string, unknown>[] = [];
for (const kind of ['postgres', 'pglite'] as const) {
  const bench = await freshDatabase(kind, 'members');
  const database = await bench.open();
  const started = Date.now();
  await generateMembers(database, MEMBERS);
  const [{ id }] = await database.db.select({ id: users.id }).from(users).orderBy(users.createdAt).limit(1);
  const cookie = await sessionCookieFor(database, id);
  console.log(`${kind}: ${MEMBERS} members generated in ${Math.round((Date.now() - started) / 1000)} s`);
  await database.close();

  const server = await startServer({ port: 5394, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
  try {
    for (const [label, query] of QUERIES) {
      const url = query === null ? `${server.url}/api/auth/user` : `${server.url}/api/users?${query}`;
      const check = await fetch(url, { headers: { cookie } });
      if (check.status !== 200) throw new Error(`${label}: ${check.status} ${await check.text()}`);
      const total = query === null ? null : Number(check.headers.get('x-total-count'));
      const load = { url, connections: CONNECTIONS[kind], headers: { cookie } };
      // Warm up (JIT, database caches) before measuring, so the first row is not the cold one.
      await runLoad({ ...load, durationSec: 2 });
      const r = await runLoad({ ...load, durationSec: DURATION });
      const ok = r.p99 < TARGET_P99_MS[kind] && r.errors === 0 && r.non2xx === 0;
      const uncached = query === null ? {} : await uncachedLatency(server.url, url, cookie);
      rows.push({
        db: kind,
        query: label,
        matches: total,
        connections: CONNECTIONS[kind],
        ...r,
        targetP99: query === null ? null : TARGET_P99_MS[kind],
        met: query === null ? '-' : ok ? 'yes' : 'NO',
        ...uncached,
      });
    }
  } finally {
    await server.stop();
    await bench.drop();
  }
}
// The machine's load when measuring (2 cores shared with other work skews the figures).
writeResults('members', rows, { members: MEMBERS, durationSec: DURATION, loadAverage: loadavg() });
