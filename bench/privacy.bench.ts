// Issue 15 benchmark: the members directory with blocks and hidden members. 100,000 generated members
// (bench/members-data.ts), 5% of them hidden ('Dölj mig i medlemslistan'), 10,000 blocks between
// pseudo-random pairs. GET /api/users as four kinds of viewer:
// - 'plain': a member without blocks (most members): the shared cache entries, as in bench/members.bench.ts;
// - 'blocks': a member with 25 blocks either way, 20 of them on the first page of 'anna': their own entries;
// - 'rotating': 200 different members who have blocked someone, in turn (their sets and pages load, then hit);
// - 'admin': sees hidden members too, no block filter.
// Under load the same search repeats (the cache answers); the uncached columns time single searches right
// after a change: a profile save (plain viewer, as the members benchmark) or a block and an unblock by the
// viewer (blocks viewer: the blocked set and the filtered page are read again). 50 connections on
// PostgreSQL, 10 on PGlite. Run: npx tsx bench/privacy.bench.ts (BENCH_DBS=postgres for one database).
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FullUser } from '../common/schemas/users';
import type { Database } from '../server/db/client';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { type LoadResult, runLoad } from './lib/load';
import { saveProfile } from './lib/profile-save';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';
import { generateMembers } from './members-data';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const DBS = (process.env.BENCH_DBS ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const CONNECTIONS = { postgres: 50, pglite: 10 } as const;
const TARGET_P99_MS = { postgres: 50, pglite: 200 } as const;
const ROTATING_VIEWERS = 200;

type Viewer = 'plain' | 'blocks' | 'rotating' | 'admin';
type Uncached = 'profile' | 'block' | null;

const PLAIN_QUERIES: [string, string][] = [
  ['first page (no search)', ''],
  ['common name (q=anna)', 'q=anna'],
  ['rare name (q=tiljander)', 'q=tiljander'],
  ['location, accents (q=ostersund)', 'q=ostersund'],
  ['handicap band 11-15', 'handicap=11-15'],
  ['name + band (q=lars&handicap=16-20)', 'q=lars&handicap=16-20'],
];
const CASES: [Viewer, string, string, Uncached][] = [
  ...PLAIN_QUERIES.map(([label, q]) => ['plain', label, q, 'profile'] as [Viewer, string, string, Uncached]),
  ['blocks', 'first page (no search)', '', 'block'],
  ['blocks', 'common name (q=anna)', 'q=anna', 'block'],
  ['blocks', 'location, accents (q=ostersund)', 'q=ostersund', 'block'],
  ['blocks', 'name + band (q=lars&handicap=16-20)', 'q=lars&handicap=16-20', 'block'],
  ['rotating', 'first page (no search)', '', null],
  ['rotating', 'common name (q=anna)', 'q=anna', null],
  ['admin', 'first page (no search)', '', null],
  ['admin', 'common name (q=anna)', 'q=anna', null],
];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** 5% hidden, BLOCKS blocks between pseudo-random pairs, and the viewers' sessions. */
async function prepare(database: Database) {
  const db = database.db;
  await db.execute(sql`
    update users set hidden_from_directory = true
    where username like 'golfare%' and substring(username from 8)::int % 20 = 3`);
  // k -> (k * 7919) mod N is one-to-one (7919 is prime to 100,000): each blocker once.
  await db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id)
    select a.id, b.id from generate_series(1, ${BLOCKS}::int) k
    join users a on a.username = 'golfare' || (1 + (k * 7919) % ${MEMBERS}::int)
    join users b on b.username = 'golfare' || (1 + (k * 104729 + 31) % ${MEMBERS}::int)
    where a.id <> b.id
    on conflict do nothing`);
  // The plain viewer: visible, in no block.
  const [plain] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select u.id from users u
      where not u.hidden_from_directory
        and not exists (select 1 from user_blocks b where b.blocker_id = u.id or b.blocked_id = u.id)
      order by u.created_at limit 1`),
  );
  // The blocks viewer: another such member, who blocks the first 20 Annas of the directory order and is
  // blocked by 5 Lars.
  const [heavy] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select u.id from users u
      where not u.hidden_from_directory and u.id <> ${plain.id}
        and not exists (select 1 from user_blocks b where b.blocker_id = u.id or b.blocked_id = u.id)
      order by u.created_at limit 1`),
  );
  await db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id)
    select ${heavy.id}, id from users
    where search_text like '%anna%' and not hidden_from_directory
    order by full_name, id limit 20`);
  await db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id)
    select id, ${heavy.id} from users where first_name = 'Lars' order by id limit 5`);
  const rotating = rowsOf<{ id: string }>(
    await db.execute(sql`
      select distinct blocker_id as id from user_blocks where blocker_id <> ${heavy.id}
      order by blocker_id limit ${ROTATING_VIEWERS}`),
  );
  const [admin] = rowsOf<{ id: string }>(
    await db.execute(sql`
      update users set role = 'admin'
      where id = (select id from users where id not in (${plain.id}, ${heavy.id}) order by created_at desc limit 1)
      returning id`),
  );
  // One member the blocks viewer blocks and unblocks for the uncached column (not an Anna: a fresh row).
  const [toggle] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where first_name = 'Ebbe' limit 1`),
  );
  // The steady state autovacuum keeps: the mass update above leaves 5,000 dead rows and moved row versions,
  // on which PostgreSQL plans a directory count as a sequential scan (43 ms instead of 6 ms for 'anna').
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze user_blocks`);
  const [{ blocks }] = rowsOf<{ blocks: number }>(
    await db.execute(sql`select count(*)::int as blocks from user_blocks`),
  );
  const [{ hidden }] = rowsOf<{ hidden: number }>(
    await db.execute(sql`select count(*)::int as hidden from users where hidden_from_directory`),
  );
  return {
    cookies: {
      plain: await sessionCookieFor(database, plain.id),
      blocks: await sessionCookieFor(database, heavy.id),
      admin: await sessionCookieFor(database, admin.id),
      rotating: await Promise.all(rotating.map((r) => sessionCookieFor(database, r.id))),
    },
    toggleId: toggle.id,
    blocks,
    hidden,
  };
}

/** Load with a different member's session on each request, in turn. */
async function runRotatingLoad(url: string, cookies: string[], connections: number, durationSec: number) {
  let next = 0;
  const u = new URL(url);
  const result = await autocannon({
    url: u.origin,
    connections,
    duration: durationSec,
    requests: [
      {
        method: 'GET',
        path: u.pathname + u.search,
        setupRequest: (req) => {
          const cookie = cookies[next++ % cookies.length];
          return { ...req, headers: { ...req.headers, cookie } };
        },
      },
    ],
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  } satisfies LoadResult;
}

const percentile = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
};

/** Latency of a search right after a change that moves the users change counter (nothing cached). */
async function uncachedLatency(
  baseUrl: string,
  url: string,
  cookie: string,
  change: 'profile' | 'block',
  toggleId: string,
  samples = 40,
) {
  const me = (await (await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } })).json()) as FullUser;
  const write = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    let res: Response;
    if (change === 'block') {
      res =
        i % 2 === 0
          ? await fetch(`${baseUrl}/api/blocks`, {
              method: 'POST',
              headers: write,
              body: JSON.stringify({ userId: toggleId }),
            })
          : await fetch(`${baseUrl}/api/blocks/${toggleId}`, {
              method: 'DELETE',
              headers: { cookie, origin: baseUrl },
            });
    } else {
      res = await saveProfile(baseUrl, cookie, me, i);
    }
    if (res.status >= 300) throw new Error(`${change} change answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    const started = performance.now();
    const search = await fetch(url, { headers: { cookie } });
    await search.arrayBuffer();
    times.push(performance.now() - started);
  }
  return { uncachedP50: percentile(times, 0.5), uncachedMax: percentile(times, 1) };
}

const rows: Record<string, unknown>[] = [];
const prepared: Record<string, unknown> = {};
for (const kind of DBS) {
  const bench = await freshDatabase(kind, 'privacy');
  const database = await bench.open();
  const started = Date.now();
  await generateMembers(database, MEMBERS);
  const setup = await prepare(database);
  prepared[kind] = {
    blocks: setup.blocks,
    hidden: setup.hidden,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  console.log(`${kind}: ${MEMBERS} members, ${setup.hidden} hidden, ${setup.blocks} blocks`);
  await database.close();

  const server = await startServer({ port: 5395, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
  try {
    for (const [viewer, label, query, uncached] of CASES) {
      const url = `${server.url}/api/users?${query}`;
      const cookie = viewer === 'rotating' ? setup.cookies.rotating[0] : setup.cookies[viewer];
      const check = await fetch(url, { headers: { cookie } });
      if (check.status !== 200) throw new Error(`${viewer} ${label}: ${check.status} ${await check.text()}`);
      const total = Number(check.headers.get('x-total-count'));
      const load = { url, connections: CONNECTIONS[kind], headers: { cookie } };
      const measure = (durationSec: number) =>
        viewer === 'rotating'
          ? runRotatingLoad(url, setup.cookies.rotating, CONNECTIONS[kind], durationSec)
          : runLoad({ ...load, durationSec });
      // Warm up (JIT, database caches) before measuring.
      await measure(2);
      const r = await measure(DURATION);
      const ok = r.p99 < TARGET_P99_MS[kind] && r.errors === 0 && r.non2xx === 0;
      const cold = uncached ? await uncachedLatency(server.url, url, cookie, uncached, setup.toggleId) : {};
      rows.push({
        db: kind,
        viewer,
        query: label,
        matches: total,
        connections: CONNECTIONS[kind],
        ...r,
        targetP99: TARGET_P99_MS[kind],
        met: ok ? 'yes' : 'NO',
        ...cold,
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
  } finally {
    await server.stop();
    await bench.drop();
  }
}
// The machine's load when measuring (2 cores shared with other work skews the figures).
writeResults('privacy', rows, {
  members: MEMBERS,
  durationSec: DURATION,
  prepared,
  loadAverage: loadavg(),
});
