// Issue 12 benchmark: does the site stay responsive under abuse? GET /api/events latency, probed on an
// open schedule (one request every PROBE_MS whatever the answers, so a stall counts for every request it
// held up), on PGlite and PostgreSQL:
// 1. idle (the baseline);
// 2. during four parallel uploads of a 3 MB photo (4032×3024 JPEG), ROUNDS uploads each, back to back;
// 3. during a flood of 30,000 frames written at once on one WebSocket (`watch_event_chat`, each a
//    database check when handled) by a child process, until the server closed the socket or had
//    answered the marker frame sent after them.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { events, users } from '../server/db/schema';
import { phonePhoto } from '../server/images/images.test-helpers';
import { seedDemoDataIfEmpty } from '../server/seed/seed';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const PORT = 5397;
const PROBE_MS = 25;
const IDLE_SECONDS = 5;
const PARALLEL_UPLOADS = 4;
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 4);
const FRAMES = 30_000;
const FLOOD_TIMEOUT_MS = 90_000;
const UNKNOWN_EVENT = 999_999;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const round = (n: number) => Math.round(n);

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** Probes GET /api/events every PROBE_MS until stopped; latency counts from when the request was due. */
function probe(base: string) {
  const latencies: number[] = [];
  let failures = 0;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      const due = started + n * PROBE_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stopped) break;
      const p = get(`${base}/api/events`).then(
        (status) => {
          if (status === 200) latencies.push(performance.now() - due);
          else failures++;
        },
        () => {
          failures++;
        },
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await Promise.all(inFlight);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      probes: sorted.length,
      probeFailures: failures,
      p50ms: round(percentile(sorted, 50)),
      p99ms: round(percentile(sorted, 99)),
      maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
    };
  };
}

async function upload(base: string, cookie: string, userId: string, image: Buffer) {
  const form = new FormData();
  form.append('entityType', 'profile');
  form.append('entityId', userId);
  form.append('image', new Blob([image], { type: 'image/jpeg' }), 'foto.jpg');
  const t0 = performance.now();
  const res = await fetch(`${base}/api/images/upload`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

/** Four members upload ROUNDS photos each, four at a time. */
async function uploads(base: string, members: { id: string; cookie: string }[], image: Buffer) {
  const stop = probe(base);
  const t0 = performance.now();
  const results = (
    await Promise.all(
      members.map(async (m) => {
        const mine = [];
        for (let i = 0; i < ROUNDS; i++) mine.push(await upload(base, m.cookie, m.id, image));
        return mine;
      }),
    )
  ).flat();
  const seconds = (performance.now() - t0) / 1000;
  const latency = await stop();
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    test: `GET /api/events during ${PARALLEL_UPLOADS} parallel 3 MB uploads (${results.length} in all)`,
    ...latency,
    uploads: results.length,
    uploadsOk: results.filter((r) => r.status === 201).length,
    uploadP50ms: round(percentile(times, 50)),
    uploadMaxMs: round(times[times.length - 1]),
    seconds: Math.round(seconds * 10) / 10,
  };
}

/**
 * The flooding client, run as a child process (`hardening.bench.ts flood <base> <cookie> <eventId>`) so
 * that writing 30,000 frames does not delay the prober: opens one socket, writes every frame at once,
 * then a marker (`watch_event_chat` of an unknown event, answered in order after the others), and
 * prints what happened as JSON when the server closed the socket or answered the marker.
 */
async function floodClient(base: string, cookie: string, eventId: number) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie }, origin: base });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let closeCode: number | null = null;
  let replies = 0;
  const done = new Promise<string>((resolve) => {
    ws.on('message', (data) => {
      replies++;
      const e = JSON.parse(String(data));
      if (e.type === 'error' && e.data?.message === 'Eventet hittades inte') resolve('marker answered');
    });
    ws.on('close', (code) => {
      closeCode = code;
      resolve('closed');
    });
    ws.on('error', () => {});
    setTimeout(() => resolve('timeout'), FLOOD_TIMEOUT_MS).unref();
  });
  // Connected: wait for the parent's go (its prober is running by then).
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const t0 = performance.now();
  const frame = JSON.stringify({ type: 'watch_event_chat', eventId });
  for (let i = 0; i < FRAMES; i++) ws.send(frame);
  ws.send(JSON.stringify({ type: 'watch_event_chat', eventId: UNKNOWN_EVENT }));
  const outcome = await done;
  const seconds = (performance.now() - t0) / 1000;
  ws.terminate();
  process.stdout.write(JSON.stringify({ framesSent: FRAMES, replies, outcome, closeCode, seconds }));
}

/** 30,000 frames on one socket (a child process); the probe runs until the flood is over, and 0.5 s more. */
async function flood(base: string, cookie: string, eventId: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, 'flood', base, cookie, String(eventId)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let out = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('ready\n')) resolve();
    });
  });
  await ready;
  const stop = probe(base);
  await new Promise((r) => setTimeout(r, 500));
  child.stdin.write('go\n');
  await exited;
  await new Promise((r) => setTimeout(r, 500));
  const latency = await stop();
  const result = JSON.parse(out.slice(out.indexOf('ready\n') + 6)) as { seconds: number };
  return {
    test: `GET /api/events during a ${FRAMES.toLocaleString('en')}-frame WebSocket flood`,
    ...latency,
    ...result,
    seconds: Math.round(result.seconds * 10) / 10,
  };
}

if (process.argv[2] === 'flood') {
  await floodClient(process.argv[3], process.argv[4], Number(process.argv[5]));
  process.exit(0);
}

const rows: Record<string, unknown>[] = [];
const image = await phonePhoto();
console.log(`photo: ${image.length} bytes`);
for (const kind of ['pglite', 'postgres'] as const) {
  const bench = await freshDatabase(kind, 'hardening');
  const database = await bench.open();
  await seedDemoDataIfEmpty(database);
  const ids = Array.from({ length: PARALLEL_UPLOADS }, (_, i) => `bench-uploader-${i}`);
  await database.db
    .insert(users)
    .values(ids.map((id, i) => ({ id, email: `u${i}@bench.test`, membershipType: 'pro' as const })));
  const members = [];
  for (const id of ids) members.push({ id, cookie: await sessionCookieFor(database, id) });
  const [event] = await database.db.select({ id: events.id }).from(events).limit(1);
  const flooder = (await database.db.select().from(users).where(eq(users.email, 'pro@singelgolf.test')))[0];
  const flooderCookie = await sessionCookieFor(database, flooder.id);
  await database.close();

  const server = await startServer({ port: PORT, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
  try {
    // Warm-up: the events cache, the image pipeline.
    for (let i = 0; i < 20; i++) await get(`${server.url}/api/events`);
    const stopIdle = probe(server.url);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    rows.push({ db: kind, test: `GET /api/events idle (${IDLE_SECONDS} s)`, ...(await stopIdle()) });
    rows.push({ db: kind, ...(await uploads(server.url, members, image)) });
    rows.push({ db: kind, ...(await flood(server.url, flooderCookie, event.id)) });
  } finally {
    await server.stop();
    await bench.drop();
  }
}
writeResults('hardening', rows, {
  probeEveryMs: PROBE_MS,
  photoBytes: image.length,
  note: 'latency counted from when each probe was due (open schedule); 2-core machine shared with other work',
});
