import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Signer } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { newsletterSubscribers, sessions } from '../db/schema';
import { buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './database-outage';

const testDb = inject('testDb');
const SESSION_SECRET = 'outage-test-session-secret-0123456789-abcdefgh';

const headers = { host: 'localhost:5000', origin: TEST_ORIGIN };
const signUp = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/newsletter', payload: { email }, headers });

describe('isDatabaseUnavailable', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('is true for a database that cannot be reached, also when wrapped', () => {
    expect(isDatabaseUnavailable(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    // Drizzle's DrizzleQueryError carries the driver's error as its cause.
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: coded('ECONNRESET') }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(coded('57P01', 'terminating connection due to administrator command'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(coded('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(coded('08006'))).toBe(true);
    expect(isDatabaseUnavailable(coded('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toBe(
      true,
    );
  });

  it('is false for a query that is wrong and for everything else', () => {
    expect(isDatabaseUnavailable(coded('23505', 'duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(coded('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query: select', { cause: coded('22P02') }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection refused by policy'))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), new Error('other')]))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

/** Forwards TCP connections to PostgreSQL; stop() is an outage (connections cut, new ones refused). */
function tcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      if (server?.listening) return;
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          open.add(s);
          s.on('close', () => open.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
    },
    async stop() {
      const closed = new Promise((resolve) => server?.close(resolve));
      for (const s of open) s.destroy();
      await closed;
    },
  };
}

describe.skipIf(testDb.kind !== 'postgres')('PostgreSQL unreachable', () => {
  const name = `sg_test_${testDb.template.replace('sg_template_', '')}_${randomBytes(6).toString('hex')}`;
  const target = new URL(testDb.url ?? 'postgres://localhost');
  const proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let database: Database;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${testDb.template}`);
    await admin.end();
    await proxy.start();
    const url = new URL(testDb.url!);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.href, poolSize: 4 }, { runMigrations: false });
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: TEST_ORIGIN,
      DATABASE_URL: url.href,
      SESSION_SECRET,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    const member = await buildUser(database.db);
    const sid = randomBytes(24).toString('base64url');
    const expires = new Date(Date.now() + 86_400_000);
    await database.db.insert(sessions).values({
      sid,
      expire: expires,
      sess: {
        cookie: { originalMaxAge: 86_400_000, expires: expires.toISOString(), path: '/' },
        userId: member.id,
      },
    });
    cookie = `sg.sid=${encodeURIComponent(new Signer(SESSION_SECRET).sign(sid))}`;
  });

  afterAll(async () => {
    await proxy.start();
    await app?.close();
    await database?.close();
    const dropper = new pg.Client({ connectionString: testDb.url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it('fails /readyz, answers 503 with Retry-After (not 500), and recovers by itself when the database is back', async () => {
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await signUp(app, 'before@example.se')).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/user', headers: { ...headers, cookie } })).statusCode).toBe(
      200,
    );

    await proxy.stop();

    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    const write = await signUp(app, 'during@example.se');
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('5');
    expect(write.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    // A logged-in request fails where its session is read, with the same answer.
    const me = await app.inject({ url: '/api/auth/user', headers: { ...headers, cookie } });
    expect(me.statusCode).toBe(503);
    expect(me.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    // Liveness stays: restarting the process would not bring the database back.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await proxy.start();

    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await signUp(app, 'after@example.se')).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/user', headers: { ...headers, cookie } })).statusCode).toBe(
      200,
    );
    const rows = await database.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .orderBy(newsletterSubscribers.email);
    expect(rows.map((r) => r.email)).toEqual(['after@example.se', 'before@example.se']);
  });

  it('answers a session write during an outage with the Swedish message only: no SQL, parameters or internals (issue 28)', async () => {
    await proxy.stop();
    try {
      const answers = [
        // A visitor starting a login: the pending login (PKCE verifier, state, nonce) is written to `sessions`.
        await app.inject({ url: '/api/login', headers }),
        await app.inject({ url: '/api/login?screen=signup&returnTo=%2Fprofile', headers }),
        // A member's cookie: the session cannot be read, nor ended.
        await app.inject({ url: '/api/callback?code=x&state=y', headers: { ...headers, cookie } }),
        await app.inject({ url: '/api/logout', headers: { ...headers, cookie } }),
        await app.inject({ url: '/api/auth/user', headers: { ...headers, cookie } }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toBe(JSON.stringify({ message: DATABASE_UNAVAILABLE_MESSAGE }));
        for (const word of ['insert', 'select', 'params', 'sessions', 'codeVerifier', 'Failed query']) {
          expect(res.body.toLowerCase()).not.toContain(word.toLowerCase());
        }
        // No cookie for a session that was never stored.
        expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/sg\.sid=[^;]/);
      }
    } finally {
      await proxy.start();
    }
    // And the login works again once the database is back.
    const login = await app.inject({ url: '/api/login', headers });
    expect(login.statusCode).toBe(302);
    expect(String(login.headers['set-cookie'])).toMatch(/sg\.sid=[^;]/);
  });
});

describe.skipIf(testDb.kind !== 'pglite')('PGlite gone', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  // Hooks that unlisten from the closed database fail; nothing is left open either way.
  afterAll(() => t.app.close().catch(() => {}));

  // PGlite runs in the process, so it cannot become unreachable; a closed one is the nearest case.
  it('fails /readyz and answers 503 with Retry-After once the database is closed', async () => {
    expect((await signUp(t.app, 'before@example.se')).statusCode).toBe(200);
    await t.database.close();
    const ready = await t.anon.get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    const write = await signUp(t.app, 'after@example.se');
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('5');
    expect(write.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    // A login's session write fails too: the same message, never the query (issue 28).
    const login = await t.anon.get('/api/login');
    expect(login.statusCode).toBe(503);
    expect(login.body).toBe(JSON.stringify({ message: DATABASE_UNAVAILABLE_MESSAGE }));
  });
});
