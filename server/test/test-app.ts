import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { FastifyInstance, InjectOptions } from 'fastify';

type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import { sessions } from '../db/schema';
import { createTestDatabase } from './test-db';

export const TEST_ORIGIN = 'http://localhost:5000';
const SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

type Body = InjectOptions['payload'];

/** Requests as one caller (a member with a session cookie, or a visitor). */
export interface TestClient {
  get(url: string, headers?: Record<string, string>): Promise<InjectResponse>;
  post(url: string, body?: Body, headers?: Record<string, string>): Promise<InjectResponse>;
  put(url: string, body?: Body, headers?: Record<string, string>): Promise<InjectResponse>;
  patch(url: string, body?: Body, headers?: Record<string, string>): Promise<InjectResponse>;
  delete(url: string, headers?: Record<string, string>): Promise<InjectResponse>;
  /** A DELETE with a JSON body (DELETE /api/me's confirmation). */
  deleteWith(url: string, body: Body): Promise<InjectResponse>;
  cookie: string | null;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  db: Db;
  /** A visitor without a session. */
  anon: TestClient;
  /** A client logged in as the given member (a session row, as the login callback makes). */
  as(user: { id: string }): Promise<TestClient>;
  close(): Promise<void>;
}

function client(app: FastifyInstance, cookie: string | null): TestClient {
  const send = (
    method: InjectOptions['method'],
    url: string,
    body?: Body,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      payload: body,
      headers: {
        host: 'localhost:5000',
        origin: TEST_ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    });
  return {
    cookie,
    get: (url, headers) => send('GET', url, undefined, headers),
    post: (url, body, headers) => send('POST', url, body, headers),
    put: (url, body, headers) => send('PUT', url, body, headers),
    patch: (url, body, headers) => send('PATCH', url, body, headers),
    delete: (url, headers) => send('DELETE', url, undefined, headers),
    deleteWith: (url, body) => send('DELETE', url, body),
  };
}

/** The session id inside a signed `sg.sid` cookie value (as a `Set-Cookie` or a client's cookie holds it). */
export function sessionIdOfCookie(value: string): string {
  const signed = decodeURIComponent(value);
  return signed.slice(0, signed.lastIndexOf('.'));
}

/** The session id of a logged-in test client. */
export const sessionIdOf = (client: TestClient): string => sessionIdOfCookie(client.cookie!.split('=')[1]);

export interface TestContextOptions {
  /** Start the background jobs (pg-boss: e-mail sending); off by default. */
  jobs?: boolean;
  /** The database to build the app on instead of a fresh copy of the template (closed by close()). */
  database?: Database;
}

/** Builds the app on a fresh copy of the migrated test database. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    SESSION_SECRET,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, startJobs: options.jobs ?? false });
  await app.ready();
  const signer = new Signer(SESSION_SECRET);
  return {
    app,
    database,
    db: database.db,
    anon: client(app, null),
    async as(user) {
      const sid = randomBytes(24).toString('base64url');
      // Like a real login: a 30-day session (a shorter one would be refreshed on every request).
      const expires = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
      await database.db.insert(sessions).values({
        sid,
        expire: expires,
        sess: {
          cookie: {
            originalMaxAge: 30 * 86_400_000,
            expires: expires.toISOString(),
            httpOnly: true,
            path: '/',
            sameSite: 'lax',
          },
          userId: user.id,
        },
      });
      return client(app, `sg.sid=${encodeURIComponent(signer.sign(sid))}`);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
