// Issue 29 benchmark (`npm run bench -- scoring`): a golf day of 30 ball groups × 4 players who each
// enter their own score hole by hole, all groups at once, while 200 WebSockets watch the leaderboard.
// Measures the score write (PUT /api/events/{id}/scores/{userId}, from send to answer: p50/p99) and the
// leaderboard update's delivery: from a write's send to the first pushed leaderboard that shows it, on
// every watching socket (p50/p99). Targets: write p99 < 100 ms, delivery p99 < 500 ms.
// BENCH_SCORING_DBS=pglite,postgres (default pglite), BENCH_SCORING_HOLE_SECONDS (default 2): the time
// the field takes per hole (each player's write falls at a random moment of it); BENCH_SCORING_HOLES (18).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const GROUPS = 30;
const PER_GROUP = 4;
const VIEWERS = 200;
const HOLES = Number(process.env.BENCH_SCORING_HOLES ?? 18);
const HOLE_SECONDS = Number(process.env.BENCH_SCORING_HOLE_SECONDS ?? 2);
const PORT = Number(process.env.BENCH_SCORING_PORT ?? 5320);
const DBS = (process.env.BENCH_SCORING_DBS ?? 'pglite').split(',') as ('pglite' | 'postgres')[];
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];
const INDEXES = [5, 13, 17, 1, 9, 7, 15, 11, 3, 6, 14, 18, 2, 10, 8, 16, 12, 4];
const rows: Record<string, unknown>[] = [];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;
/** A version-4 shaped uuid from a number (the score routes take uuids). */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function run(kind: 'pglite' | 'postgres') {
  const bench = await freshDatabase(kind, 'scoring');
  const database = await bench.open();
  const db = database.db;
  const players = GROUPS * PER_GROUP;
  const playerIds = Array.from({ length: players }, (_, i) => uuid(i + 1));
  const adminIds = Array.from({ length: VIEWERS - players }, (_, i) => uuid(10_000 + i));
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, full_name, gender, handicap, role)
    select '00000000-0000-4000-8000-' || lpad(g::text, 12, '0'), 'p' || g || '@bench.test', 'Spelare', 'Nr ' || g,
      'Spelare Nr ' || g, (case when g % 2 = 0 then 'female' else 'male' end)::gender, (g % 36)::numeric(3,1), 'member'
    from generate_series(1, ${players}) g`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, full_name, role)
    select '00000000-0000-4000-8000-' || lpad(g::text, 12, '0'), 'a' || g || '@bench.test', 'Admin', 'Nr ' || g,
      'Admin Nr ' || g, 'admin'
    from generate_series(10000, ${10_000 + adminIds.length - 1}) g`);
  const holes = PARS.map((par, i) => ({
    number: i + 1,
    par,
    strokeIndex: INDEXES[i],
    lengthMeters: 300 + i * 7,
  }));
  const ratings = [
    { gender: 'male', par: 72, courseRating: 71.2, slope: 130 },
    { gender: 'female', par: 72, courseRating: 74.8, slope: 134 },
  ];
  const course = (await db.execute(sql`
    insert into courses (name, club, location, latitude, longitude, holes)
    values ('Benchbanan', 'Bench GK', 'Testby', 59.3, 18.1, 18) returning id`)) as unknown as {
    rows: { id: number }[];
  };
  const courseId = course.rows[0].id;
  const tee = (await db.execute(sql`
    insert into course_tees (course_id, position, name, color, ratings, holes)
    values (${courseId}, 0, 'Gul', 'yellow', ${JSON.stringify(ratings)}::jsonb, ${JSON.stringify(holes)}::jsonb)
    returning id`)) as unknown as { rows: { id: number }[] };
  const teeId = tee.rows[0].id;
  const event = (await db.execute(sql`
    insert into events (title, location, start_time, end_time, max_participants, course_id, male_tee_id,
      female_tee_id, scoring_format, handicap_allowance, ball_groups_published_at)
    values ('Benchdagen', 'Bench GK', now() - interval '1 hour', now() + interval '5 hours', ${players},
      ${courseId}, ${teeId}, ${teeId}, 'stableford', 95, now() - interval '1 day')
    returning id`)) as unknown as { rows: { id: number }[] };
  const eventId = event.rows[0].id;
  const groupRows = (await db.execute(sql`
    insert into ball_groups (event_id, name, starting_hole)
    select ${eventId}, 'Boll ' || g, 1 from generate_series(1, ${GROUPS}) g returning id`)) as unknown as {
    rows: { id: number }[];
  };
  const groupIds = groupRows.rows.map((r) => r.id).sort((a, b) => a - b);
  await db.execute(sql`
    insert into event_registrations (event_id, user_id, status, group_id)
    select ${eventId}, '00000000-0000-4000-8000-' || lpad(g::text, 12, '0'), 'registered',
      (${JSON.stringify(groupIds)}::jsonb ->> ((g - 1) / ${PER_GROUP}))::int
    from generate_series(1, ${players}) g`);
  const cookies = new Map<string, string>();
  for (const id of [...playerIds, ...adminIds]) cookies.set(id, await sessionCookieFor(database, id));
  await database.close();

  const server = await startServer({
    port: PORT,
    databaseUrl: bench.databaseUrl,
    dataDir: bench.dataDir,
  });

  /** When each (player, hole) write was sent. */
  const sentAt = new Map<string, number>();
  const deliveries: number[] = [];
  let pushes = 0;
  const viewerIds = [...playerIds, ...adminIds];
  const sockets = await Promise.all(
    viewerIds.map(
      (id) =>
        new Promise<WebSocket>((resolve, reject) => {
          const seen = new Map<string, number>();
          const ws = new WebSocket(`ws://localhost:${PORT}/ws`, {
            headers: { cookie: cookies.get(id) as string },
            origin: server.url,
          });
          ws.on('open', () => ws.send(JSON.stringify({ type: 'watch_leaderboard', eventId })));
          ws.on('message', (data) => {
            const at = performance.now();
            const e = JSON.parse(String(data));
            if (e.type === 'error') reject(new Error(e.data.message));
            if (e.type !== 'leaderboard') return;
            pushes++;
            for (const row of e.data.leaderboard.rows as { userId: string; thru: number }[]) {
              const before = seen.get(row.userId) ?? 0;
              for (let h = before + 1; h <= row.thru; h++) {
                const t0 = sentAt.get(`${row.userId}:${h}`);
                if (t0 !== undefined) deliveries.push(at - t0);
              }
              if (row.thru > before) seen.set(row.userId, row.thru);
            }
            resolve(ws);
          });
          ws.on('error', reject);
        }),
    ),
  );

  const writes: number[] = [];
  let failed = 0;
  const statuses: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let hole = 1; hole <= HOLES; hole++) {
    const holeStart = started + (hole - 1) * HOLE_SECONDS * 1000;
    for (const id of playerIds) {
      const due = holeStart + Math.random() * HOLE_SECONDS * 1000;
      pending.push(
        (async () => {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const strokes = PARS[hole - 1] + Math.floor(Math.random() * 3) - 1;
          const t0 = performance.now();
          sentAt.set(`${id}:${hole}`, t0);
          try {
            const res = await fetch(`${server.url}/api/events/${eventId}/scores/${id}`, {
              method: 'PUT',
              headers: {
                cookie: cookies.get(id) as string,
                origin: server.url,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ holes: [{ hole, strokes, enteredAt: new Date().toISOString() }] }),
            });
            await res.arrayBuffer();
            writes.push(performance.now() - t0);
            if (res.status !== 200) failed++;
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          } catch (err) {
            failed++;
            const key = (err as Error).name;
            statuses[key] = (statuses[key] ?? 0) + 1;
          }
        })(),
      );
    }
  }
  await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 3000));
  const expected = players * HOLES * sockets.length;
  writes.sort((a, b) => a - b);
  deliveries.sort((a, b) => a - b);
  rows.push({
    database: kind,
    test: `${GROUPS} groups × ${PER_GROUP} players, ${HOLES} holes (${HOLE_SECONDS} s a hole), ${sockets.length} viewers`,
    writes: writes.length,
    failedWrites: failed,
    statuses: JSON.stringify(statuses),
    writeP50ms: round1(percentile(writes, 50)),
    writeP99ms: round1(percentile(writes, 99)),
    writeMaxMs: round1(writes.at(-1) ?? Number.NaN),
    pushesReceived: pushes,
    deliveries: deliveries.length,
    missedDeliveries: expected - deliveries.length,
    deliveryP50ms: round1(percentile(deliveries, 50)),
    deliveryP99ms: round1(percentile(deliveries, 99)),
    deliveryMaxMs: round1(deliveries.at(-1) ?? Number.NaN),
  });
  for (const ws of sockets) ws.terminate();
  await server.stop();
  await bench.drop();
}

for (const kind of DBS) await run(kind);
writeResults('scoring', rows, {
  groups: GROUPS,
  perGroup: PER_GROUP,
  viewers: VIEWERS,
  holeSeconds: HOLE_SECONDS,
  targets: { writeP99ms: 100, deliveryP99ms: 500 },
});
