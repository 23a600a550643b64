// Issue 16 benchmark: exporting an event with 2,000 participants as CSV and as Excel, and its start list
// as PDF (500 groups). Time and peak memory, twice:
// - in process: building the files from rows already read (process.memoryUsage sampled while it runs);
// - through the production server on PostgreSQL (and PGlite with BENCH_PGLITE=1): whole requests, with
//   the server's resident memory (/proc/<pid>/status VmRSS) sampled every 10 ms during each request.
import { readFileSync } from 'node:fs';
import { EXPORT_LISTS } from '../common/options';
import { eventRegistrations, events, users } from '../server/db/schema';
import { buildCsv } from '../server/exports/csv';
import { buildExportTable } from '../server/exports/export-lists';
import type { ExportRow } from '../server/exports/exports.queries';
import { buildXlsx } from '../server/exports/xlsx';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const MB = 1024 * 1024;
const rows: Record<string, unknown>[] = [];

const FIRST = ['Åsa', 'Märta', 'Örjan', 'Lars', 'Karin', 'Erik', 'Ingrid', 'Per', 'Zoë', 'Åke'];
const LAST = ['Öberg', 'Ängström', 'Andersson', 'Lindqvist', 'Karlsson', 'Nilsson', 'Ström', 'Ek'];
// Every tenth member has text a spreadsheet would run as a formula: the exports neutralise it.
const nameOf = (i: number) =>
  i % 10 === 3
    ? { firstName: `=HYPERLINK("http://x.example/${i}","klicka")`, lastName: LAST[i % LAST.length] }
    : { firstName: FIRST[i % FIRST.length], lastName: `${LAST[(i * 7) % LAST.length]}-${i}` };

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    median: round(sorted[Math.floor(sorted.length / 2)]),
    p95: round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]),
    max: round(sorted[sorted.length - 1]),
  };
};

/** Runs `fn` while sampling a memory reading every `everyMs`; the highest reading and the time taken. */
async function sampled<T>(read: () => number, fn: () => Promise<T>, everyMs = 10) {
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, everyMs);
  const started = performance.now();
  try {
    const result = await fn();
    return { result, ms: performance.now() - started, peak: Math.max(peak, read()) };
  } finally {
    clearInterval(timer);
  }
}

// 1. In process: the tables and files from 2,000 rows.
{
  const data: ExportRow[] = Array.from({ length: PARTICIPANTS }, (_, i) => ({
    id: i + 1,
    status: i % 20 === 0 ? 'waitlisted' : 'registered',
    paymentStatus: i % 3 ? 'paid' : 'pending',
    amountDue: 0,
    amountPaid: i % 3 ? 1200 : 0,
    amountRefunded: 0,
    paidAt: i % 3 ? new Date(Date.UTC(2030, 4, 1, 8, i % 60)) : null,
    dietaryPreferences: i % 7 === 0 ? 'Glutenfri, inga nötter' : null,
    notes: i % 5 === 0 ? 'Kommer med tåg; "hämtning" önskas' : null,
    roomWish: i % 5 === 0 ? 'shared_with' : i % 2 ? 'single' : null,
    roomMateName: i % 5 === 0 ? `Medlem ${i + 1}` : null,
    roomNumber: i % 3 === 0 ? null : Math.floor(i / 2) + 1,
    golfId: `850101-${String(i).padStart(3, '0')}`,
    handicap: ((i * 37) % 540) / 10 - 4,
    userId: `u${i}`,
    ...nameOf(i),
    fullName: null,
    username: null,
    email: `member${i}@example.se`,
    club: i % 11 === 0 ? '+46 70 123 45 67' : 'Båstad GK',
    gender: i % 2 ? 'male' : 'female',
  }));
  const event = { id: 1, title: 'Golfhelg i Båstad', price: 1200 };
  for (const format of ['csv', 'xlsx'] as const) {
    const build = async () => {
      const table = buildExportTable('participants', event, data);
      return format === 'csv' ? Buffer.from(buildCsv(table)) : buildXlsx(table, 'Deltagarlista');
    };
    for (let i = 0; i < 3; i++) await build();
    const times: number[] = [];
    let peakHeap = 0;
    let peakRss = 0;
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      global.gc?.();
      const baseHeap = process.memoryUsage().heapUsed;
      const baseRss = process.memoryUsage.rss();
      const heap = await sampled(() => process.memoryUsage().heapUsed, build, 2);
      const rss = process.memoryUsage.rss();
      times.push(heap.ms);
      bytes = heap.result.length;
      peakHeap = Math.max(peakHeap, heap.peak - baseHeap);
      peakRss = Math.max(peakRss, rss - baseRss);
    }
    rows.push({
      what: `build participants ${format.toUpperCase()} in process (${PARTICIPANTS} rows)`,
      ...stats(times),
      sizeKB: Math.round(bytes / 1024),
      peakMB: Math.round((peakHeap / MB) * 10) / 10,
      detail: `heap growth while building (sampled every 2 ms); RSS growth ${Math.round((peakRss / MB) * 10) / 10} MB`,
    });
  }
}

// 2. Through the server: every list as CSV and Excel, and the start list as PDF.
const rssOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};
const kinds = process.env.BENCH_PGLITE ? (['postgres', 'pglite'] as const) : (['postgres'] as const);
for (const kind of kinds) {
  const bench = await freshDatabase(kind, 'exports');
  const database = await bench.open();
  const [admin] = await database.db
    .insert(users)
    .values({ email: 'bench-admin@example.se', role: 'admin', fullName: 'Bench Admin' })
    .returning({ id: users.id });
  const start = new Date(Date.now() + 30 * 86_400_000);
  const [event] = await database.db
    .insert(events)
    .values({
      title: 'Golfhelg i Båstad',
      location: 'Båstad GK',
      startTime: start,
      endTime: new Date(start.getTime() + 8 * 3_600_000),
      maxParticipants: PARTICIPANTS,
      price: 1200,
      registrationFee: 1200,
    })
    .returning({ id: events.id });
  for (let from = 0; from < PARTICIPANTS; from += 500) {
    const chunk = Array.from({ length: Math.min(500, PARTICIPANTS - from) }, (_, k) => from + k);
    const members = await database.db
      .insert(users)
      .values(
        chunk.map((i) => ({
          ...nameOf(i),
          email: `bench-export-${i}@example.se`,
          handicap: ((i * 37) % 540) / 10 - 4,
          golfId: `850101-${String(i).padStart(3, '0')}`,
          club: i % 11 === 0 ? '+46 70 123 45 67' : 'Båstad GK',
          gender: i % 2 ? ('male' as const) : ('female' as const),
        })),
      )
      .returning({ id: users.id });
    await database.db.insert(eventRegistrations).values(
      members.map((m, k) => {
        const i = chunk[k];
        return {
          eventId: event.id,
          userId: m.id,
          paymentStatus: i % 3 ? ('paid' as const) : ('pending' as const),
          amountPaid: i % 3 ? 1200 : 0,
          paidAt: i % 3 ? new Date() : null,
          dietaryPreferences: i % 7 === 0 ? 'Glutenfri, inga nötter' : null,
          notes: i % 5 === 0 ? 'Dubbelrum; gärna "havsutsikt"' : null,
        };
      }),
    );
  }
  const cookie = await sessionCookieFor(database, admin.id);
  await database.close();

  const server = await startServer({ port: 5119, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
  try {
    const get = async (path: string, init?: RequestInit) => {
      const res = await fetch(`${server.url}${path}`, { ...init, headers: { cookie, origin: server.url } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${body.toString()}`);
      return body;
    };
    // Groups of four with tee times, for the start list.
    await get(`/api/events/${event.id}/groups`, { method: 'POST' });
    await fetch(`${server.url}/api/events/${event.id}/groups/tee-times`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ firstTeeTime: '07:00', intervalMinutes: 1, mode: 'interval' }),
    });

    const targets = [
      ...EXPORT_LISTS.flatMap((list) =>
        (['csv', 'xlsx'] as const).map((format) => ({
          what: `${list}.${format}`,
          path: `/api/admin/events/${event.id}/export.${format}?list=${list}`,
        })),
      ),
      { what: 'start-list.pdf', path: `/api/admin/events/${event.id}/start-list.pdf` },
    ];
    const idle = rssOf(server.pid);
    for (const target of targets) {
      await get(target.path);
      const before = rssOf(server.pid);
      const times: number[] = [];
      let peak = 0;
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const run = await sampled(
          () => rssOf(server.pid),
          () => get(target.path),
        );
        times.push(run.ms);
        peak = Math.max(peak, run.peak);
        bytes = run.result.length;
      }
      rows.push({
        what: `GET ${target.what} (${kind}, ${PARTICIPANTS} participants)`,
        ...stats(times),
        sizeKB: Math.round(bytes / 1024),
        peakMB: Math.round((peak / MB) * 10) / 10,
        growthMB: Math.round(((peak - before) / MB) * 10) / 10,
        detail: `server RSS: peak during ${RUNS} sequential requests, and its growth over the RSS just before them (idle after start ${Math.round(idle / MB)} MB)`,
      });
    }
  } finally {
    await server.stop();
    await bench.drop();
  }
}

writeResults('exports', rows, { participants: PARTICIPANTS, runs: RUNS });
