// Issue 14 benchmark, against the production server on PGlite and PostgreSQL (BENCH_DB=pglite|postgres
// for one):
// - offers: a full event in offer mode with WAITLIST members on its waitlist; CANCELS registered members
//   cancel at the same moment. Measured: each cancel's latency (p50/p99) and the time until all have
//   answered (every offer is made in the cancel's transaction, so the event has settled then). Checked:
//   exactly CANCELS offers, made to the first CANCELS in queue order, the rest still waiting in order,
//   no place lost (registered + offered = capacity), every offer with a `waitlist_offer` notice.
// - registration: RUSH members register for an empty event at once (p50/p99 per request, counts exact),
//   the figure to compare with the code before issue 14 (BENCH_PARTS=register runs only this part, so it
//   also runs against an older checkout).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { eventFormPayload } from '../server/test/factories';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const PORT = 5397;
const WAITLIST = Number(process.env.BENCH_WAITLIST ?? 200);
const CANCELS = Number(process.env.BENCH_CANCELS ?? 50);
const CAPACITY = 52;
const RUSH = Number(process.env.BENCH_RUSH ?? 200);
const RUSH_PLACES = 100;
const parts = (process.env.BENCH_PARTS ?? 'offers,register').split(',');

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** Sends all requests at once; answers each one's status and latency, and the time until the last answered. */
async function burst(url: string, requests: { path: string; method: string; cookie: string }[]) {
  const t0 = performance.now();
  const send = async (r: { path: string; method: string; cookie: string }) => {
    const start = performance.now();
    const res = await fetch(`${url}${r.path}`, {
      method: r.method,
      headers: {
        cookie: r.cookie,
        origin: url,
        ...(r.method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      },
      body: r.method === 'DELETE' ? undefined : '{}',
    });
    const body = (await res.json()) as Record<string, unknown>;
    return { status: res.status, body, ms: performance.now() - start };
  };
  // BENCH_SEQUENTIAL: one after another, to see a request's own cost without queueing.
  const answers: Awaited<ReturnType<typeof send>>[] = [];
  if (process.env.BENCH_SEQUENTIAL) for (const r of requests) answers.push(await send(r));
  else answers.push(...(await Promise.all(requests.map(send))));
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    answers,
    settledMs: Math.round(performance.now() - t0),
    p50ms: Math.round(percentile(sorted, 50)),
    p99ms: Math.round(percentile(sorted, 99)),
  };
}

async function run(kind: 'pglite' | 'postgres') {
  const bench = await freshDatabase(kind, 'waitlist');
  const database = await bench.open();
  const db = database.db;
  const members = CAPACITY + WAITLIST + RUSH;
  await db.execute(sql`
    insert into users (id, email, first_name, full_name, username, membership_type, email_verified_at)
    select 'w' || g, 'w' || g || '@bench.test', 'Medlem' || g, 'Medlem' || g, 'w' || g, 'pro', now()
    from generate_series(1, ${members}) g`);
  const payload = eventFormPayload();
  const offerMode = parts.includes('offers');
  await db.execute(sql`
    insert into events (title, location, start_time, end_time, max_participants, price, registration_fee)
    values ('Fullbokad resa', 'Halmstad GK', ${payload.startTime}::timestamptz, ${payload.endTime}::timestamptz,
            ${CAPACITY}, 1200, 500),
           ('Rusningsevent', 'Bro Hof', ${payload.startTime}::timestamptz, ${payload.endTime}::timestamptz,
            ${RUSH_PLACES}, 500, 500)`);
  if (offerMode)
    await db.execute(sql`update events set waitlist_mode = 'offer' where title = 'Fullbokad resa'`);
  const [full, rushEvent] = rowsOf<{ id: number }>(await db.execute(sql`select id from events order by id`));
  // Holders w1..w52 registered, w53..w252 waitlisted in that order (a second apart).
  await db.execute(sql`
    insert into event_registrations (event_id, user_id, status, registered_at)
    select ${full.id}, 'w' || g, case when g <= ${CAPACITY} then 'registered' else 'waitlisted' end::registration_status,
           now() - interval '2 days' + g * interval '1 second'
    from generate_series(1, ${CAPACITY + WAITLIST}) g`);
  await db.execute(sql`analyze`);
  const cookieOf = async (i: number) => sessionCookieFor(database, `w${i}`);
  const cancellers = await Promise.all(Array.from({ length: CANCELS }, (_, i) => cookieOf(i + 1)));
  const rushers = await Promise.all(
    Array.from({ length: RUSH }, (_, i) => cookieOf(CAPACITY + WAITLIST + i + 1)),
  );
  if (kind === 'pglite') await database.close();

  const server = await startServer({ port: PORT, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
  const result: Record<string, unknown> = { database: kind };
  try {
    if (offerMode) {
      const cancels = await burst(
        server.url,
        cancellers.map((cookie) => ({ path: `/api/events/${full.id}/register`, method: 'DELETE', cookie })),
      );
      const refused = cancels.answers.filter((a) => a.status !== 200).length;
      if (refused)
        console.warn(
          'refused:',
          cancels.answers.find((a) => a.status !== 200),
        );
      await server.stop();
      const check = kind === 'pglite' ? await bench.open() : database;
      const regs = rowsOf<{ user_id: string; status: string }>(
        await check.db.execute(sql`
          select user_id, status from event_registrations where event_id = ${full.id}
          order by registered_at, id`),
      );
      const notices = rowsOf<{ n: number }>(
        await check.db.execute(
          sql`select count(*)::int as n from notifications where type = 'waitlist_offer'`,
        ),
      )[0].n;
      if (kind === 'pglite') await check.close();
      const queue = regs.filter((r) => Number(r.user_id.slice(1)) > CAPACITY);
      const offered = queue.filter((r) => r.status === 'offered').map((r) => Number(r.user_id.slice(1)));
      const inOrder = offered.every((n, i) => n === CAPACITY + 1 + i);
      const taken = regs.filter((r) => r.status === 'registered' || r.status === 'offered').length;
      const waiting = queue.filter((r) => r.status === 'waitlisted').length;
      Object.assign(result, {
        waitlist: WAITLIST,
        simultaneousCancels: CANCELS,
        cancelsRefused: refused,
        cancelP50ms: cancels.p50ms,
        cancelP99ms: cancels.p99ms,
        settledMs: cancels.settledMs,
        offersMade: offered.length,
        offersInQueueOrder: inOrder,
        offerNotices: notices,
        placesTaken: taken,
        stillWaiting: waiting,
        noneLost: taken === CAPACITY && waiting === WAITLIST - CANCELS && notices === CANCELS,
      });
      if (!inOrder || taken !== CAPACITY || offered.length !== CANCELS) {
        throw new Error(`offers wrong: ${JSON.stringify(result)}`);
      }
    }
    if (parts.includes('register')) {
      const rushServer = offerMode
        ? await startServer({ port: PORT, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir })
        : server;
      try {
        const reg = await burst(
          rushServer.url,
          rushers.map((cookie) => ({ path: `/api/events/${rushEvent.id}/register`, method: 'POST', cookie })),
        );
        const created = reg.answers.filter((a) => a.status === 201);
        const registered = created.filter((a) => a.body.status === 'registered').length;
        Object.assign(result, {
          simultaneousRegistrations: RUSH,
          registerP50ms: reg.p50ms,
          registerP99ms: reg.p99ms,
          registerAllAnsweredMs: reg.settledMs,
          registrationsExact: created.length === RUSH && registered === RUSH_PLACES,
        });
      } finally {
        if (offerMode) await rushServer.stop();
      }
    }
  } finally {
    if (!offerMode) await server.stop();
    if (kind !== 'pglite') await database.close();
    await bench.drop();
  }
  return result;
}

const kinds = process.env.BENCH_DB
  ? [process.env.BENCH_DB as 'pglite' | 'postgres']
  : (['pglite', 'postgres'] as const);
const rows = [];
for (const kind of kinds) {
  const row = await run(kind);
  console.log(row);
  rows.push(row);
}
writeResults(process.env.BENCH_NAME ?? 'waitlist', rows, {
  target: 'offers in queue order, none lost; registration p99 unchanged from before issue 14',
});
