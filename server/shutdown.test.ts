import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Signer } from '@fastify/cookie';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from './db/client';
import { newsletterSubscribers, sessions, users } from './db/schema';
import { openSocket } from './realtime/test-socket';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/seed';
import { buildUser } from './test/factories';

// The real server process, built as `npm start` runs it, on both databases: PGlite in a folder of
// its own, or a PostgreSQL database copied from the test template.
const root = path.resolve(import.meta.dirname, '..');
const serverBuild = path.join(root, 'dist/server/main.js');
const testDb = inject('testDb');
const SESSION_SECRET = 'shutdown-test-session-secret-0123456789-abcdef';
const folders: string[] = [];

beforeAll(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
}, 60_000);
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A database of its own for one server process: the env that points the server at it, and access for the test. */
async function freshDatabase(): Promise<{
  env: Record<string, string>;
  dataDir: string | null;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  if (testDb.kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-shutdown-'));
    folders.push(dataDir);
    const loadDataDir = new Blob([readFileSync(testDb.template)]);
    // Start the folder from the migrated template (a fresh initdb takes seconds).
    const seed = await openDatabase({ dataDir, loadDataDir }, { runMigrations: false });
    await seed.close();
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dataDir,
      open: () => openDatabase({ dataDir }, { runMigrations: false }),
      drop: async () => {},
    };
  }
  const name = `sg_test_${testDb.template.replace('sg_template_', '')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${testDb.template}`);
  await admin.end();
  const url = new URL(testDb.url!);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href },
    dataDir: null,
    open: () => openDatabase({ databaseUrl: url.href, poolSize: 2 }, { runMigrations: false }),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: testDb.url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface RunningServer {
  child: ChildProcess;
  port: number;
  origin: string;
  /** Exit code (or null when killed by a signal) and when it exited. */
  exit: Promise<{ code: number | null; at: number }>;
  output(): string;
}

/** Starts `node dist/server/main.js` with the given environment (nothing inherited that changes its behaviour). */
async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const { NODE_ENV: _n, SEED_DEMO: _s, DATABASE_URL: _d, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', serverBuild], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      SESSION_SECRET,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  return { child, port, origin, exit, output: () => output };
}

/** Waits until /readyz answers 200 (or the process ends). */
async function ready(s: RunningServer, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && s.child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${s.port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${s.output()}`);
}

interface Outcome {
  email: string;
  status?: number;
  error?: string;
}

/**
 * A newsletter sign-up on a connection of its own. `hold` keeps the last bytes of the body back until
 * `release()` is called: the request has reached the server, but is not complete yet.
 */
function signUp(port: number, origin: string, email: string, hold = false) {
  const body = JSON.stringify({ email });
  let sent!: () => void;
  const written = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: '/api/newsletter',
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ email, status: res.statusCode }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ email, error: err.code ?? err.message }));
  });
  if (hold) {
    req.write(body.slice(0, -3), () => sent());
  } else {
    req.on('finish', () => sent());
    req.end(body);
  }
  return { outcome, written, release: () => req.end(body.slice(-3)) };
}

describe('the server process', () => {
  it('is the file the Docker image starts (its CMD), built by the build this test runs (issue 32)', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
    const args = JSON.parse(cmd![1]) as string[];
    expect(args.slice(0, -1)).toEqual(['node', '--enable-source-maps']);
    expect(path.join(root, args.at(-1)!)).toBe(serverBuild);
    expect(existsSync(serverBuild)).toBe(true);
  });

  it('stops with a message naming a wrong variable', async () => {
    const s = await startServer({ PORT: 'femtusen', DATABASE_URL: '' });
    expect((await s.exit).code).toBe(1);
    expect(s.output()).toContain('PORT');
  });

  it('on SIGTERM answers every request it received, stores every acknowledged write, closes sockets with 1001 and exits 0 within 10 s', async () => {
    const database = await freshDatabase();
    const setup = await database.open();
    const member = await buildUser(setup.db);
    const sid = randomBytes(24).toString('base64url');
    const expires = new Date(Date.now() + 86_400_000);
    await setup.db.insert(sessions).values({
      sid,
      expire: expires,
      sess: {
        cookie: { originalMaxAge: 86_400_000, expires: expires.toISOString(), path: '/' },
        userId: member.id,
      },
    });
    await setup.close();

    const s = await startServer(database.env);
    try {
      await ready(s);
      if (database.dataDir) expect(existsSync(path.join(database.dataDir, 'singelgolf.lock'))).toBe(true);
      const cookie = `sg.sid=${encodeURIComponent(new Signer(SESSION_SECRET).sign(sid))}`;
      const socket = await openSocket(`ws://127.0.0.1:${s.port}/ws`, { cookie, origin: s.origin });

      // 3 sign-ups whose body is still incomplete when the signal comes (in flight), then 40 that the
      // machine received while the process was stopped (SIGSTOP): their connections wait in the listen
      // queue, their bytes in the socket buffers, when the process goes on and finds SIGTERM.
      const tag = randomBytes(4).toString('hex');
      const held = Array.from({ length: 3 }, (_, i) =>
        signUp(s.port, s.origin, `held-${tag}-${i}@example.se`, true),
      );
      await Promise.all(held.map((r) => r.written));
      await new Promise((r) => setTimeout(r, 200));
      s.child.kill('SIGSTOP');
      const burst = Array.from({ length: 40 }, (_, i) =>
        signUp(s.port, s.origin, `burst-${tag}-${i}@example.se`),
      );
      await Promise.all(burst.map((r) => r.written));
      const signalled = Date.now();
      s.child.kill('SIGTERM');
      s.child.kill('SIGCONT');
      // The held requests finish their bodies while the server drains.
      await new Promise((r) => setTimeout(r, 300));
      for (const r of held) r.release();
      // A connection after the signal is refused once the listener closed, or (on a slow machine,
      // before it closed) accepted and answered; never reset or turned away with a 503.
      const late = await signUp(s.port, s.origin, `late-${tag}@example.se`).outcome;

      const outcomes = await Promise.all([...held, ...burst].map((r) => r.outcome));
      const { code, at } = await s.exit;
      // Every request received got its real answer, none a reset or a 503.
      expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
      expect(late.error === 'ECONNREFUSED' || late.status === 200, JSON.stringify(late)).toBe(true);
      expect(await socket.closed).toBe(1001);
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(10_000);
      if (database.dataDir) expect(existsSync(path.join(database.dataDir, 'singelgolf.lock'))).toBe(false);

      // Every acknowledged sign-up is stored (the database closed cleanly).
      const check = await database.open();
      try {
        const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.email);
        const stored = await check.db
          .select({ email: newsletterSubscribers.email })
          .from(newsletterSubscribers)
          .where(inArray(newsletterSubscribers.email, acknowledged));
        expect(stored.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
        expect(acknowledged).toHaveLength(43);
      } finally {
        await check.close();
      }
    } finally {
      s.child.kill('SIGKILL');
      await database.drop();
    }
  }, 120_000);

  it('ends within 10 s when a request never completes (a client that stops sending)', async () => {
    const database = await freshDatabase();
    const s = await startServer(database.env);
    try {
      await ready(s);
      const stuck = signUp(s.port, s.origin, 'stuck@example.se', true);
      await stuck.written;
      await new Promise((r) => setTimeout(r, 200));
      const signalled = Date.now();
      s.child.kill('SIGTERM');
      const { code, at } = await s.exit;
      expect(at - signalled).toBeLessThan(10_000);
      expect(at - signalled).toBeGreaterThan(8_000);
      // Forced: the stuck connection is cut, the database still closes, and the exit code says so.
      expect(code).toBe(1);
      expect((await stuck.outcome).error).toBe('ECONNRESET');
      expect(s.output()).toContain('shutdown is taking too long');
      if (database.dataDir) expect(existsSync(path.join(database.dataDir, 'singelgolf.lock'))).toBe(false);
    } finally {
      s.child.kill('SIGKILL');
      await database.drop();
    }
  }, 60_000);

  it('exits within 10 s of SIGTERM whatever the reader of its log does: stalled with the pipe full, or gone (issue 28)', async () => {
    // Found: a server whose stdout pipe was full with its reader stalled (`npm start | tee`, tee stopped;
    // a log shipper restarting) never exited after SIGTERM. Repeated, as it was intermittent.
    for (const reader of ['stalled', 'gone', 'stalled'] as const) {
      const database = await freshDatabase();
      const s = await startServer({ ...database.env, LOG_LEVEL: 'trace' });
      try {
        await ready(s);
        if (reader === 'stalled') s.child.stdout!.pause();
        else s.child.stdout!.destroy();
        // A lot to log: two trace lines with the 6 KB address per request, far beyond a pipe's 64 KB.
        const long = 'x'.repeat(6_000);
        const answers = await Promise.all(
          Array.from({ length: 100 }, () =>
            fetch(`${s.origin.replace('localhost', '127.0.0.1')}/api/events?x=${long}`, {
              signal: AbortSignal.timeout(5_000),
            }).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        // Logging never held up a request either.
        expect(new Set(answers)).toEqual(new Set([200]));
        const signalled = Date.now();
        s.child.kill('SIGTERM');
        const ended = await Promise.race([
          s.exit,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 12_000)),
        ]);
        expect(ended, `${reader} reader: still running 12 s after SIGTERM`).not.toBeNull();
        expect(ended!.at - signalled).toBeLessThan(10_000);
        expect(ended!.code).toBe(0);
      } finally {
        s.child.kill('SIGKILL');
        await database.drop();
      }
    }
  }, 240_000);

  it('seeds demo data in production only when SEED_DEMO=true is set, and then warns naming the logins', async () => {
    const database = await freshDatabase();
    const countDemo = async () => {
      const check = await database.open();
      try {
        const [row] = await check.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(inArray(users.email, [...DEMO_LOGINS]));
        return row.n;
      } finally {
        await check.close();
      }
    };
    try {
      const metricsToken = 'shutdown-test-metrics-token-0123456789';
      const plain = await startServer({
        ...database.env,
        NODE_ENV: 'production',
        METRICS_TOKEN: metricsToken,
      });
      await ready(plain);
      // The built server serves /metrics (issue 32): the readiness probes above are counted by route.
      const metrics = await fetch(`http://127.0.0.1:${plain.port}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(
        /^singelgolf_http_requests_total\{method="GET",route="\/readyz",status="200"\} [1-9]/m,
      );
      plain.child.kill('SIGTERM');
      expect((await plain.exit).code).toBe(0);
      expect(await countDemo()).toBe(0);
      expect(plain.output()).not.toContain('SEED_DEMO');

      const asked = await startServer({ ...database.env, NODE_ENV: 'production', SEED_DEMO: 'true' });
      await ready(asked);
      asked.child.kill('SIGTERM');
      expect((await asked.exit).code).toBe(0);
      expect(await countDemo()).toBe(3);
      const warning = asked
        .output()
        .split('\n')
        .find((line) => line.includes('SEED_DEMO=true with NODE_ENV=production'));
      expect(warning).toBeDefined();
      expect(JSON.parse(warning!)).toMatchObject({
        level: 40,
        logins: [...DEMO_LOGINS],
        password: DEMO_PASSWORD,
      });
      for (const login of DEMO_LOGINS) expect(warning).toContain(login);
    } finally {
      await database.drop();
    }
  }, 180_000);

  it('is killed at the deadline by the exit watchdog even while its main thread is blocked (issue 28)', async () => {
    // The watchdog's timer runs in a thread of its own; the main thread here never yields again.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./server/exit-watchdog.ts').then(async (m) => { const arm = m.startExitWatchdog(); await new Promise((r) => setTimeout(r, 200)); arm(Date.now() + 500); for (;;) {} });",
      ],
      { cwd: root, stdio: 'ignore' },
    );
    const started = Date.now();
    const ended = await Promise.race([
      new Promise<{ signal: NodeJS.Signals | null; at: number }>((resolve) =>
        child.on('exit', (_code, signal) => resolve({ signal, at: Date.now() })),
      ),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000)),
    ]);
    child.kill('SIGKILL');
    expect(ended).not.toBeNull();
    expect(ended!.signal).toBe('SIGKILL');
    expect(ended!.at - started).toBeLessThan(10_000);
  }, 30_000);
});
