// Issue 3 benchmark: with 2,000 events and 40,000 registrations, GET /api/events and
// GET /api/events/{id}/registrations (throughput, p50, p99) on PostgreSQL and PGlite;
// 200 simultaneous registrations into one event (req/s, and the counts must be exact);
// gzipped JavaScript the landing page and /events load, in kB.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Database } from '../server/db/client';
import { events, users } from '../server/db/schema';
import { EVENTS, PER_EVENT, seedEvents } from './events-data';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { runLoad } from './lib/load';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const RUSH = 200;
const RUSH_PLACES = 100;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const DAY = 86_400_000;
const root = path.resolve(import.meta.dirname, '..');

/** The 2,000 events and 40,000 registrations, plus an empty event and 200 Pro members with sessions for the rush. */
async function fill(database: Database) {
  const { sampleEventId } = await seedEvents(database);
  const start = Date.now();
  const [rushEvent] = await database.db
    .insert(events)
    .values({
      title: 'Rusningsevent',
      location: 'Bro Hof',
      startTime: new Date(start + 30 * DAY),
      endTime: new Date(start + 30 * DAY + 6 * 3_600_000),
      maxParticipants: RUSH_PLACES,
    })
    .returning({ id: events.id });
  const rushers = Array.from({ length: RUSH }, (_, i) => `bench-rusher-${i}`);
  await database.db
    .insert(users)
    .values(rushers.map((id, i) => ({ id, email: `r${i}@bench.test`, membershipType: 'pro' as const })));
  const cookies: string[] = [];
  for (const id of rushers) cookies.push(await sessionCookieFor(database, id));
  const reader = await sessionCookieFor(database, 'b1');
  return { sampleEventId, rushEventId: rushEvent.id, cookies, reader };
}

/** 200 registrations at once: requests per second and whether exactly RUSH_PLACES got a place. */
async function rush(url: string, eventId: number, cookies: string[]) {
  const t0 = performance.now();
  const answers = await Promise.all(
    cookies.map((cookie) =>
      fetch(`${url}/api/events/${eventId}/register`, {
        method: 'POST',
        headers: { cookie, origin: url, 'content-type': 'application/json' },
        body: '{}',
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { status?: string } })),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const detail = (await (await fetch(`${url}/api/events/${eventId}`)).json()) as {
    registeredCount: number;
    waitlistedCount: number;
  };
  const created = answers.filter((a) => a.status === 201).length;
  const exact =
    created === RUSH &&
    detail.registeredCount === RUSH_PLACES &&
    detail.waitlistedCount === RUSH - RUSH_PLACES;
  return {
    requestsPerSec: Math.round(RUSH / seconds),
    seconds: Number(seconds.toFixed(2)),
    created,
    registered: detail.registeredCount,
    waitlisted: detail.waitlistedCount,
    exact,
  };
}

/** Gzipped size (kB) of every JavaScript file a page loads, measured in Chromium. */
async function pageJsKb(url: string, pageChunk: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage();
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (r) => {
    if (!new URL(r.url()).pathname.endsWith('.js') || sizes.has(r.url())) return;
    sizes.set(
      r.url(),
      r.body().then(
        (b) => gzipSync(b, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (![...sizes.keys()].some((u) => u.includes(pageChunk))) {
    throw new Error(
      `${url} did not load its ${pageChunk} chunk (was the client rebuilt while the server ran?)`,
    );
  }
  const bytes = (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0);
  await browser.close();
  return Number((bytes / 1024).toFixed(1));
}

const rows: Record<string, unknown>[] = [];
const rushes: Record<string, unknown>[] = [];
const bundle: Record<string, number> = {};
for (const kind of ['postgres', 'pglite'] as const) {
  const bench = await freshDatabase(kind, 'events');
  const database = await bench.open();
  const t0 = Date.now();
  const data = await fill(database);
  console.log(`${kind}: filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await database.close();

  const server = await startServer({ port: 5393, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
  try {
    // Measured first: the server serves the client build present when it started.
    if (kind === 'postgres' && existsSync(path.join(root, 'dist/client/index.html'))) {
      try {
        bundle.landingKb = await pageJsKb(`${server.url}/`, 'landing-page');
        bundle.eventsKb = await pageJsKb(`${server.url}/events`, 'events-page');
      } catch (err) {
        console.warn(`bundle size not measured: ${(err as Error).message}`);
      }
    }
    const list = await fetch(`${server.url}/api/events`);
    const listBody = await list.text();
    if (list.status !== 200 || (JSON.parse(listBody) as unknown[]).length !== EVENTS + 1) {
      throw new Error(`GET /api/events answered ${list.status}`);
    }
    const regsUrl = `${server.url}/api/events/${data.sampleEventId}/registrations`;
    const regs = (await (await fetch(regsUrl, { headers: { cookie: data.reader } })).json()) as unknown[];
    if (regs.length !== PER_EVENT) throw new Error(`registrations: ${regs.length}`);
    for (const [route, url, headers] of [
      [
        `GET /api/events (${EVENTS + 1} events, ${Math.round(listBody.length / 1024)} kB, gzip as browsers ask)`,
        `${server.url}/api/events`,
        { 'accept-encoding': 'gzip, deflate, br' },
      ],
      [`GET /api/events (no compression)`, `${server.url}/api/events`, {}],
      [`GET /api/events/{id}/registrations (${PER_EVENT}, logged in)`, regsUrl, { cookie: data.reader }],
    ] as const) {
      const r = await runLoad({ url, connections: CONNECTIONS, durationSec: DURATION, headers });
      rows.push({ db: kind, route, ...r });
    }
    rushes.push({
      db: kind,
      simultaneous: RUSH,
      places: RUSH_PLACES,
      ...(await rush(server.url, data.rushEventId, data.cookies)),
    });
  } finally {
    await server.stop();
    await bench.drop();
  }
}
console.table(rushes);
console.log(`gzipped JS: landing ${bundle.landingKb ?? '-'} kB, /events ${bundle.eventsKb ?? '-'} kB`);
writeResults('events', [...rows, ...rushes], {
  connections: CONNECTIONS,
  durationSec: DURATION,
  gzippedJsKb: bundle,
});
if (rushes.some((r) => !r.exact)) {
  console.error('200 simultaneous registrations did not end with exact counts');
  process.exit(1);
}
