import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import { itOnPostgres, onPostgres } from '../test/postgres-only';
import { type SecondInstance, startSecondInstance } from '../test/second-instance';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../test/test-app';
import { incrementCounter, readCounter, sweepCounters } from './rate-limit-store.queries';

/** The same member's requests through instance B (its own pool on PostgreSQL). */
function through(b: SecondInstance, c: TestClient) {
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    b.app.inject({
      method,
      url,
      payload,
      headers: { host: 'localhost:5000', origin: TEST_ORIGIN, ...(c.cookie ? { cookie: c.cookie } : {}) },
    });
}

/**
 * Two instances over one database: on PostgreSQL their rate limits count in one table, so a limit of N
 * is reached after N requests spread over both, not 2N. (On PGlite the site is one process and keeps
 * the in-memory store; the second instance here would count on its own, so the test is PostgreSQL's.)
 */
describe('rate limits across two instances', () => {
  let t: TestContext;
  let b: SecondInstance;
  beforeAll(async () => {
    t = await createTestContext({ RATE_LIMIT_WRITES_PER_MINUTE: '4', RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    b = await startSecondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  itOnPostgres('reaches the write limit of 4 after 4 writes spread over both instances', async () => {
    const member = await t.as(await buildUser(t.db));
    const atB = through(b, member);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await member.post('/api/feedback', { rating: 3 })).statusCode);
      codes.push((await atB('POST', '/api/feedback', { rating: 4 })).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 429, 429]);
    const refused = await atB('POST', '/api/feedback', { rating: 4 });
    expect(refused.json().message).toBe('För många förfrågningar. Försök igen om en stund.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another member, and another route, have budgets of their own.
    const other = await t.as(await buildUser(t.db));
    expect((await through(b, other)('POST', '/api/feedback', { rating: 3 })).statusCode).toBe(201);
  });

  itOnPostgres('reaches the login limit of 3 after 3 attempts spread over both instances', async () => {
    await t.db.execute(sql`delete from rate_limit_counters where key like '%/api/login-%'`);
    const atB = through(b, t.anon);
    const codes = [
      (await t.anon.get('/api/login')).statusCode,
      (await atB('GET', '/api/login')).statusCode,
      (await t.anon.get('/api/login')).statusCode,
      (await atB('GET', '/api/login')).statusCode,
      (await t.anon.get('/api/login')).statusCode,
    ];
    expect(codes.slice(0, 3).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(3)).toEqual([429, 429]);
  });

  itOnPostgres('counts 20 simultaneous writes through both instances exactly once each', async () => {
    const member = await t.as(await buildUser(t.db));
    const atB = through(b, member);
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? member.post('/api/feedback', { rating: 2 }) : atB('POST', '/api/feedback', { rating: 2 }),
      ),
    );
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(16);
  });

  it('keeps the in-memory store on PGlite, and still limits one instance', async () => {
    const member = await t.as(await buildUser(t.db));
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await member.post('/api/feedback', { rating: 1 })).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 429]);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from rate_limit_counters`),
    );
    if (onPostgres) expect(n).toBeGreaterThan(0);
    else expect(n).toBe(0);
  });

  itOnPostgres('starts a new window when the old one is over, and sweeps ended counters', async () => {
    const key = `test-window-${Date.now()}`;
    expect(await incrementCounter(t.db, { key, windowMs: 400 })).toMatchObject({ current: 1 });
    const second = await incrementCounter(t.db, { key, windowMs: 400 });
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(400);
    expect(await readCounter(t.db, key)).toMatchObject({ current: 2 });
    await new Promise((r) => setTimeout(r, 450));
    expect(await readCounter(t.db, key)).toEqual({ current: 0, ttl: 0 });
    expect(await incrementCounter(t.db, { key, windowMs: 60_000 })).toMatchObject({ current: 1 });
    const ended = `test-ended-${Date.now()}`;
    await incrementCounter(t.db, { key: ended, windowMs: 1 });
    await new Promise((r) => setTimeout(r, 20));
    await sweepCounters(t.db);
    const left = rowsOf<{ key: string }>(
      await t.db.execute(sql`select key from rate_limit_counters where key in (${key}, ${ended})`),
    );
    expect(left.map((r) => r.key)).toEqual([key]);
  });
});

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
