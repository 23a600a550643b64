import { msg } from '@common/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, UpstreamError } from '../errors';
import { DATABASE_UNAVAILABLE_MESSAGE } from './database-outage';
import { registerErrorHandler } from './error-handler';

/** What a failed query looks like (drizzle's DrizzleQueryError: the SQL and its parameters, the driver's error as cause). */
const failedQuery = (cause?: Error) =>
  new Error(
    'Failed query: insert into "sessions" ("sid", "sess") values ($1, $2)\nparams: abc,{"login":{"codeVerifier":"secret"}}',
    { cause },
  );
const INTERNALS = ['insert', 'select', 'params', 'sessions', 'codeVerifier', 'Failed query'];

describe('error handler: no internals in an answer (issue 28)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/unknown', async () => {
      throw failedQuery();
    });
    app.get('/unknown-503', async () => {
      throw Object.assign(failedQuery(), { statusCode: 503 });
    });
    app.get('/outage', async () => {
      throw failedQuery(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    });
    app.get('/domain', async () => {
      throw new ConflictError('E-postadressen används redan');
    });
    app.get('/upstream', async () => {
      throw new UpstreamError('Betalningen kunde inte återbetalas');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const expectClean = (body: string) => {
    for (const word of INTERNALS) expect(body.toLowerCase()).not.toContain(word.toLowerCase());
  };

  it('never sends an unknown error’s message, whatever status it carries', async () => {
    const res = await app.inject({ url: '/unknown' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe(JSON.stringify({ message: msg.serverError }));
    const with503 = await app.inject({ url: '/unknown-503' });
    expect(with503.statusCode).toBeGreaterThanOrEqual(500);
    expect(with503.json()).toEqual({ message: msg.serverError });
    expectClean(with503.body);
  });

  it('answers an outage behind a wrapped query error with the Swedish 503 only', async () => {
    const res = await app.inject({ url: '/outage' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe(JSON.stringify({ message: DATABASE_UNAVAILABLE_MESSAGE }));
  });

  it('keeps the texts of our own domain errors, 4xx and 5xx', async () => {
    expect((await app.inject({ url: '/domain' })).json()).toEqual({
      message: 'E-postadressen används redan',
    });
    const upstream = await app.inject({ url: '/upstream' });
    expect(upstream.statusCode).toBe(502);
    expect(upstream.json()).toEqual({ message: 'Betalningen kunde inte återbetalas' });
  });
});
