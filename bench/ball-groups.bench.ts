// Issue 16 benchmark: ball groups for 200 registered members with a year of history. 400 members; 24
// earlier events over the last 12 months (two a month), each with 120 of them in groups of four drawn at
// random (a seeded generator), so most pairs of the field have a history; 20 blocked pairs and 10
// play-together requests in the field. Measures the generator itself (in-process, the same input the
// server builds) and POST /api/events/{id}/groups through the production server, which adds reading the
// field, the history and the blocks and writing the groups. Goal: 200 members in under 200 ms.
// Run: npx tsx bench/ball-groups.bench.ts (BENCH_DBS=postgres for one database).
import { loadavg } from 'node:os';
import { generateBallGroups } from '../common/rules/ball-groups';
import type { Database } from '../server/db/client';
import {
  ballGroups,
  ballGroupTogether,
  eventRegistrations,
  events,
  userBlocks,
  users,
} from '../server/db/schema';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const FIELD = Number(process.env.BENCH_FIELD ?? 200);
const MEMBERS = 400;
const PAST_EVENTS = 24;
const PER_PAST_EVENT = 120;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DBS = (process.env.BENCH_DBS ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const TARGET_MS = 200;
const DAY = 86_400_000;

/** A small seeded generator (mulberry32), so every run builds the same history. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const round = (x: number) => Math.round(x * 10) / 10;

async function prepare(database: Database) {
  const db = database.db;
  const random = rng(16);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        email: `boll${i}@bench.se`,
        firstName: 'Boll',
        lastName: `Spelare${i}`,
        fullName: `Boll Spelare${i}`,
        username: `boll${i}`,
        membershipType: 'pro' as const,
        handicap: i % 11 === 0 ? null : Math.round(random() * 400) / 10,
        gender: i % 2 ? ('male' as const) : ('female' as const),
      })),
    )
    .returning({ id: users.id });
  const ids = people.map((p) => p.id);
  const now = Date.now();
  for (let e = 0; e < PAST_EVENTS; e++) {
    const start = new Date(now - (e + 1) * 15 * DAY);
    const [event] = await db
      .insert(events)
      .values({
        title: `Tidigare runda ${e + 1}`,
        description: 'Bench',
        location: 'Bro Hof',
        startTime: start,
        endTime: new Date(start.getTime() + 5 * 3600_000),
        maxParticipants: PER_PAST_EVENT,
        price: 0,
        status: 'completed',
      })
      .returning({ id: events.id });
    const players = shuffled(ids, random).slice(0, PER_PAST_EVENT);
    const groups = await db
      .insert(ballGroups)
      .values(
        Array.from({ length: PER_PAST_EVENT / 4 }, (_, g) => ({
          eventId: event.id,
          name: `Bollgrupp ${g + 1}`,
        })),
      )
      .returning({ id: ballGroups.id });
    await db.insert(eventRegistrations).values(
      players.map((userId, i) => ({
        eventId: event.id,
        userId,
        status: 'registered' as const,
        groupId: groups[Math.floor(i / 4)].id,
      })),
    );
  }
  const start = new Date(now + 14 * DAY);
  const [target] = await db
    .insert(events)
    .values({
      title: 'Höstresan',
      description: 'Bench',
      location: 'Bro Hof',
      startTime: start,
      endTime: new Date(start.getTime() + 5 * 3600_000),
      maxParticipants: FIELD,
      price: 0,
    })
    .returning({ id: events.id });
  const field = ids.slice(0, FIELD);
  await db
    .insert(eventRegistrations)
    .values(field.map((userId) => ({ eventId: target.id, userId, status: 'registered' as const })));
  // 20 blocked pairs and 10 play-together requests (disjoint from the blocks) within the field.
  await db
    .insert(userBlocks)
    .values(Array.from({ length: 20 }, (_, k) => ({ blockerId: field[k * 7], blockedId: field[k * 7 + 3] })));
  await db.insert(ballGroupTogether).values(
    Array.from({ length: 10 }, (_, k) => {
      const [a, b] = [field[150 + k * 4], field[151 + k * 4]].sort();
      return { eventId: target.id, userA: a, userB: b };
    }),
  );
  const [admin] = await db
    .insert(users)
    .values({
      email: 'admin@bench.se',
      firstName: 'Admin',
      lastName: 'Bench',
      role: 'admin',
      username: 'benchadmin',
    })
    .returning({ id: users.id });
  return { eventId: target.id, startTime: start, adminId: admin.id };
}

/** The generator's input as the server builds it (the same queries' results), then timed runs of it alone. */
async function inProcess(database: Database, eventId: number, startTime: Date) {
  const { previousPairs, listEventMembers, togetherUserPairs } = await import(
    '../server/ball-groups/ball-groups.queries'
  );
  const { findEventBlockedPairs } = await import('../server/blocks/blocks.queries');
  const db = database.db;
  const field = (await listEventMembers(db, eventId, true)).map((m) => ({
    id: m.id,
    userId: m.userId,
    handicap: m.handicap,
    gender: m.gender,
  }));
  const pairs = await previousPairs(db, eventId, startTime);
  const blocked = (await findEventBlockedPairs(db, eventId)).map((b) => b.userIds);
  const together = await togetherUserPairs(db, eventId);
  const times: number[] = [];
  let plan = generateBallGroups(field, pairs, blocked, together);
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    plan = generateBallGroups(field, pairs, blocked, together);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  // What ignoring the history would have repeated (the generator before issue 16 weighed no history).
  const blind = generateBallGroups(field, [], blocked, together);
  const history = new Set(pairs.map(([a, b]) => (a < b ? `${a}|${b}` : `${b}|${a}`)));
  const byId = new Map(field.map((m) => [m.id, m.userId]));
  let blindRepeats = 0;
  for (const g of blind.groups)
    for (let x = 0; x < g.length; x++)
      for (let y = x + 1; y < g.length; y++) {
        const [a, b] = [byId.get(g[x]) as string, byId.get(g[y]) as string];
        if (history.has(a < b ? `${a}|${b}` : `${b}|${a}`)) blindRepeats++;
      }
  return { times, plan, blindRepeats, historyRows: pairs.length };
}

async function main() {
  const rows: Record<string, unknown>[] = [];
  for (const kind of DBS) {
    const bench = await freshDatabase(kind, 'ball_groups');
    const database = await bench.open();
    const { eventId, startTime, adminId } = await prepare(database);
    const local = await inProcess(database, eventId, startTime);
    const cookie = await sessionCookieFor(database, adminId);
    await database.close();

    const server = await startServer({ port: 5791, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
    const http: number[] = [];
    let figures: Record<string, number> = {};
    try {
      for (let i = 0; i < Math.max(5, Math.round(RUNS / 2)) + 1; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/events/${eventId}/groups`, {
          method: 'POST',
          headers: { cookie, origin: server.url, 'content-type': 'application/json' },
          body: '{}',
        });
        const ms = performance.now() - t0;
        if (res.status !== 201) throw new Error(`generation answered ${res.status}: ${await res.text()}`);
        figures = ((await res.json()) as { figures: Record<string, number> }).figures;
        if (i > 0) http.push(ms); // the first warms the prepared statements and the JIT
      }
    } finally {
      await server.stop();
      await bench.drop();
    }
    http.sort((a, b) => a - b);
    const f = local.plan.figures;
    rows.push({
      database: kind,
      members: FIELD,
      'history rows (pair × event, 12 months)': local.historyRows,
      'distinct earlier pairs in field': f.previousPairs,
      'repeated pairs': f.repeatedPairs,
      'repeated pairs, history ignored': local.blindRepeats,
      'together apart': `${f.togetherPairsApart}/${f.togetherPairs}`,
      'blocked together': `${f.blockedPairsTogether}/${f.blockedPairs}`,
      'spread / bound': `${f.handicapSpread} / ${f.spreadBound}`,
      'generator median ms': round(percentile(local.times, 0.5)),
      'generator p95 ms': round(percentile(local.times, 0.95)),
      'POST median ms': round(percentile(http, 0.5)),
      'POST p95 ms': round(percentile(http, 0.95)),
      'server repeated pairs': figures.repeatedPairs,
      goal: `< ${TARGET_MS} ms`,
    });
  }
  writeResults('ball-groups', rows, { loadavg: loadavg().map((x) => round(x)) });
}

await main();
