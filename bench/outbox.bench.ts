// Issue 11 benchmark: outbox throughput. 1,000 e-mails queued in `outbound_emails` are delivered by
// the production server (pg-boss job `email-send`: claim, SMTP, mark sent) to a real SMTP server
// (smtp-server) in this process; e-mails per second on PGlite and PostgreSQL.
// - 'backlog at start': 1,000 rows queued while no server ran; the server's sweeper finds them at start.
//   Timed from the first e-mail received to the last (server start-up left out).
// - 'queued while running (NOTIFY)', PostgreSQL only (a PGlite folder is one process's): 1,000 e-mails
//   committed in one transaction from this process; every NOTIFY becomes a job. Timed from the commit.
// Each run checks that every e-mail arrived exactly once (distinct Message-IDs) and every row is `sent`.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../server/db/client';
import { enqueueEmail, type MailSettings } from '../server/email/outbox';
import { freshDatabase } from './lib/database';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const N = Number(process.env.BENCH_EMAILS ?? 1000);
const PORT = 5396;
const PUBLIC_URL = `http://localhost:${PORT}`;

/** The SMTP server: counts messages and their Message-IDs (no parsing, to leave the CPU to the sender). */
async function startSmtp() {
  const ids = new Map<string, number>();
  const arrivals: number[] = [];
  let waiter: { n: number; resolve: () => void } | null = null;
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _s, cb) =>
      auth.username === 'bench' && auth.password === 'bench'
        ? cb(null, { user: 'bench' })
        : cb(new Error('no')),
    onData(stream, _s, cb) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 4096) head += c.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? 'none';
        ids.set(id, (ids.get(id) ?? 0) + 1);
        arrivals.push(performance.now());
        if (waiter && arrivals.length >= waiter.n) waiter.resolve();
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://bench:bench@127.0.0.1:${port}`,
    ids,
    arrivals,
    reset() {
      ids.clear();
      arrivals.length = 0;
    },
    waitFor(n: number, timeoutMs: number) {
      if (arrivals.length >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${arrivals.length}/${n} e-mails arrived`)),
          timeoutMs,
        );
        waiter = {
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

// enqueueEmail logs only in capture mode; here it queues, so its log is never written to.
const mail: MailSettings = {
  from: 'Singelgolf <noreply@localhost>',
  publicUrl: PUBLIC_URL,
  capture: false,
  log: console as unknown as FastifyBaseLogger,
};

/** Queues `n` password-reset e-mails in one transaction; answers the time spent. */
async function queue(database: Database, n: number, tag: string): Promise<number> {
  const t0 = performance.now();
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) {
      await enqueueEmail(tx, mail, {
        to: `medlem-${tag}-${i}@bench.test`,
        template: 'password-reset',
        props: { firstName: `Medlem ${i}`, url: `${PUBLIC_URL}/reset-password?token=${tag}-${i}` },
      });
    }
  });
  return performance.now() - t0;
}

async function sentCount(database: Database): Promise<number> {
  const r = await database.db.execute(
    sql`select count(*)::int as n from outbound_emails where status = 'sent'`,
  );
  return Number((r as unknown as { rows: { n: number }[] }).rows[0].n);
}

function check(smtp: Awaited<ReturnType<typeof startSmtp>>) {
  const duplicates = [...smtp.ids.values()].filter((c) => c > 1).length;
  return { received: smtp.arrivals.length, distinct: smtp.ids.size, duplicates };
}

const rows: Record<string, unknown>[] = [];
const smtp = await startSmtp();
const env = { SMTP_URL: smtp.url, LOG_LEVEL: 'warn' };

for (const kind of ['pglite', 'postgres'] as const) {
  // Backlog at start.
  smtp.reset();
  const bench = await freshDatabase(kind, 'outbox');
  let database = await bench.open();
  const queueMs = await queue(database, N, 'backlog');
  await database.close();
  const started = performance.now();
  let server = await startServer({ port: PORT, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir, env });
  await smtp.waitFor(N, 300_000);
  const first = smtp.arrivals[0];
  const last = smtp.arrivals[N - 1];
  await new Promise((r) => setTimeout(r, 1000));
  await server.stop();
  database = await bench.open();
  const sent = await sentCount(database);
  rows.push({
    db: kind,
    scenario: 'backlog at start (sweeper)',
    emails: N,
    perSec: Math.round(((N - 1) / (last - first)) * 1000 * 10) / 10,
    drainSec: Math.round((last - first) / 100) / 10,
    fromSpawnSec: Math.round((last - started) / 100) / 10,
    queueMs: Math.round(queueMs),
    ...check(smtp),
    rowsSent: sent,
  });
  await database.close();

  // Queued while running: NOTIFY to the server's LISTEN connection (PostgreSQL only).
  if (kind === 'postgres') {
    smtp.reset();
    server = await startServer({ port: PORT, databaseUrl: bench.databaseUrl, env });
    database = await bench.open();
    let committed = 0;
    const queued = queue(database, N, 'live').then((ms) => {
      committed = performance.now();
      return ms;
    });
    const liveQueueMs = await queued;
    await smtp.waitFor(N, 300_000);
    const lastLive = smtp.arrivals[N - 1];
    await new Promise((r) => setTimeout(r, 1000));
    await server.stop();
    rows.push({
      db: kind,
      scenario: 'queued while running (NOTIFY at commit)',
      emails: N,
      perSec: Math.round((N / (lastLive - committed)) * 1000 * 10) / 10,
      drainSec: Math.round((lastLive - committed) / 100) / 10,
      fromSpawnSec: null,
      queueMs: Math.round(liveQueueMs),
      ...check(smtp),
      rowsSent: (await sentCount(database)) - sent,
    });
    await database.close();
  }
  await bench.drop();
}
await smtp.close();
writeResults('outbox', rows, {
  cores: 2,
  // The machine is shared: the load average says how much else was running.
  loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
  note: 'one server process; pg-boss batch 25, 5 pooled SMTP connections; SMTP server in the bench process',
});
