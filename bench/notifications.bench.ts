// Issue 13 benchmark: an admin cancels events of MEMBERS registered members each (PUT /api/events/{id}
// with status 'cancelled'), one after another, against the production server with its jobs running and a
// local SMTP server. Measured: the cancel request's latency (p50/p99/max; target p99 < 300 ms, the
// fan-out happens in jobs), the time until every notice row exists, and the time until every e-mail
// has been handed to the SMTP server. On PGlite and PostgreSQL (BENCH_DB=pglite|postgres for one).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startTestSmtpServer } from '../server/email/test-smtp';
import { eventFormPayload } from '../server/test/factories';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const PORT = 5398;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
/** E-mails are counted for the first MAIL_EVENTS cancellations only (the rest measure the request). */
const MAIL_EVENTS = Number(process.env.BENCH_MAIL_EVENTS ?? 1);
const GAP_MS = 100;
const MAIL_TIMEOUT_MS = Number(process.env.BENCH_MAIL_TIMEOUT_MS ?? 600_000);

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const round = (n: number) => Math.round(n);

async function run(kind: 'pglite' | 'postgres') {
  const bench = await freshDatabase(kind, 'notifications');
  const database = await bench.open();
  const db = database.db;
  const t0 = performance.now();
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, full_name, username, membership_type, email_verified_at)
    select 'n' || g, 'n' || g || '@bench.test', 'Medlem' || g, 'Bänk', 'Medlem' || g || ' Bänk', 'n' || g, 'pro', now()
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into users (id, email, first_name, full_name, username, role, email_verified_at)
    values ('admin', 'admin@bench.test', 'Admin', 'Admin', 'admin', 'admin', now())`);
  const payload = eventFormPayload({ maxParticipants: MEMBERS });
  await db.execute(sql`
    insert into events (title, location, start_time, end_time, max_participants, price, registration_fee)
    select 'Bänkresa ' || g, 'Halmstad GK', ${payload.startTime}::timestamptz, ${payload.endTime}::timestamptz,
           ${MEMBERS}, 1200, 500
    from generate_series(1, ${EVENTS}) g`);
  await db.execute(sql`
    insert into event_registrations (event_id, user_id, status, registered_at)
    select e.id, 'n' || k, 'registered', now() - interval '1 day'
    from events e cross join generate_series(1, ${MEMBERS}) k`);
  await db.execute(sql`analyze`);
  const cookie = await sessionCookieFor(database, 'admin');
  const ids = (await db.execute<{ id: number }>(sql`select id from events order by id`)) as unknown;
  const eventIds = (Array.isArray(ids) ? ids : (ids as { rows: { id: number }[] }).rows).map((r) => r.id);
  const seedSeconds = (performance.now() - t0) / 1000;
  if (kind === 'pglite') await database.close();

  const smtp = await startTestSmtpServer();
  const server = await startServer({
    port: PORT,
    databaseUrl: bench.databaseUrl,
    dataDir: bench.dataDir,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Singelgolf <noreply@singelgolf.se>' },
  });
  const check = kind === 'pglite' ? null : database;
  const latencies: number[] = [];
  let mailResult: Record<string, unknown> = {};
  try {
    for (const [i, id] of eventIds.entries()) {
      const body = JSON.stringify(
        eventFormPayload({
          title: `Bänkresa ${i + 1}`,
          location: 'Halmstad GK',
          maxParticipants: MEMBERS,
          startTime: payload.startTime,
          endTime: payload.endTime,
          registrationDeadline: null,
          status: 'cancelled',
          price: 1200,
          registrationFee: 500,
        }),
      );
      const start = performance.now();
      const res = await fetch(`${server.url}/api/events/${id}`, {
        method: 'PUT',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      const ms = performance.now() - start;
      if (res.status !== 200) throw new Error(`cancel answered ${res.status}`);
      latencies.push(ms);
      if (i < MAIL_EVENTS) {
        // Rows are written in the cancel's transaction: they exist when it answers.
        const rowsReadyMs = ms;
        const expected = MEMBERS * (i + 1);
        const mailStart = performance.now();
        await smtp.waitFor(expected, MAIL_TIMEOUT_MS);
        mailResult = {
          noticeRowsReadyMs: round(rowsReadyMs),
          emailsHanded: smtp.received.length,
          allEmailsHandedSeconds: Math.round((ms + performance.now() - mailStart) / 100) / 10,
          emailsPerSecond: Math.round(MEMBERS / ((ms + performance.now() - mailStart) / 1000)),
        };
        if (check) {
          const [row] = (
            (await check.db.execute<{ n: number }>(
              sql`select count(*)::int as n from notifications where type = 'event_cancelled'`,
            )) as unknown as { rows: { n: number }[] }
          ).rows;
          mailResult.noticeRows = row?.n;
        }
      }
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
  } finally {
    await server.stop();
    await smtp.close();
    if (kind !== 'pglite') await database.close();
    await bench.drop();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    database: kind,
    events: EVENTS,
    membersPerEvent: MEMBERS,
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    cancelP50ms: round(percentile(sorted, 50)),
    cancelP99ms: round(percentile(sorted, 99)),
    cancelMaxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
    ...mailResult,
  };
}

const kinds = process.env.BENCH_DB
  ? [process.env.BENCH_DB as 'pglite' | 'postgres']
  : (['pglite', 'postgres'] as const);
const rows = [];
for (const kind of kinds) rows.push(await run(kind));
writeResults('notifications', rows, { target: 'cancel p99 < 300 ms' });
