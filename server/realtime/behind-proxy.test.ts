import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { prepareShutdown } from '../shutdown';
import { buildUser } from '../test/factories';
import { itOnPostgres, onPostgres } from '../test/postgres-only';
import { type ReverseProxy, startReverseProxy } from '../test/reverse-proxy';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';
import { joinedSocket, type TestSocket } from './test-socket';

/** One instance as main.ts runs it: its own pool and LISTEN connection, a fixed port, SIGTERM's stop. */
interface Instance {
  port: number;
  app: FastifyInstance;
  /** What SIGTERM does (server/shutdown.ts): drain, answer what was received, close app and database. */
  stop(): Promise<void>;
}

async function startInstance(t: TestContext, port = 0): Promise<Instance> {
  // biome-ignore lint/suspicious/noExplicitAny: the pg pool behind Drizzle knows its URL
  const url = (t.db as any).$client.options.connectionString as string;
  const database: Database = await openDatabase({ databaseUrl: url, poolSize: 5 }, { runMigrations: false });
  const app = await buildApp({ config: t.app.config, database, logger: false });
  let stopped: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const shutdown = prepareShutdown(app, database, { exit: () => stopped() });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    app,
    async stop() {
      void shutdown('SIGTERM');
      await done;
    },
  };
}

/** A request through the proxy, as a browser on the site sends it. */
function request(
  proxy: ReverseProxy,
  method: string,
  path: string,
  cookie: string | null,
  body?: object,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        method,
        path,
        agent: false,
        headers: {
          host: 'localhost:5000',
          origin: TEST_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two instances behind a reverse proxy (round-robin, WebSocket upgrades passed through), over one
 * PostgreSQL database: what a production site with two app servers does. PGlite is one process.
 */
describe('two instances behind a reverse proxy', () => {
  let t: TestContext;
  let instances: Instance[] = [];
  let proxy: ReverseProxy;
  const wsUrl = () => `ws://127.0.0.1:${proxy.port}/ws`;

  beforeAll(async () => {
    t = await createTestContext();
    if (!onPostgres) return;
    instances = [await startInstance(t), await startInstance(t)];
    proxy = await startReverseProxy(instances.map((i) => i.port));
  });
  afterAll(async () => {
    await proxy?.close();
    for (const i of instances) if (i.app.server.listening) await i.stop();
    await t?.close();
  });

  itOnPostgres('serves a member logged in through one instance from the other', async () => {
    const anna = await buildUser(t.db, { firstName: 'Anna' });
    const { cookie } = await t.as(anna);
    const from = proxy.served.length;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await request(proxy, 'GET', '/api/auth/user', cookie));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.every((a) => JSON.parse(a.body).id === anna.id)).toBe(true);
    // Both instances answered, in turn.
    const ports = proxy.served.slice(from).map((s) => s.port);
    expect(new Set(ports)).toEqual(new Set(instances.map((i) => i.port)));
    expect(ports[0]).not.toBe(ports[1]);
  });

  itOnPostgres('delivers a DM sent through one instance to a socket held by the other', async () => {
    const anna = await buildUser(t.db, { firstName: 'Anna' });
    const bo = await buildUser(t.db, { firstName: 'Bo' });
    const [a, b] = await Promise.all([t.as(anna), t.as(bo)]);
    const socket = await joinedSocket(wsUrl(), b.cookie, bo.id);
    const socketAt = proxy.served.filter((s) => s.upgrade).at(-1)!.port;
    const sent = await request(proxy, 'POST', '/api/messages', a.cookie, {
      receiverId: bo.id,
      content: 'Hej Bo!',
    });
    expect(sent.status).toBe(201);
    expect(proxy.served.at(-1)!.port).not.toBe(socketAt);
    const e = await socket.next((x) => x.type === 'new_message', 2000);
    expect(e.type === 'new_message' && e.data.message.content).toBe('Hej Bo!');
    socket.close();
  });

  itOnPostgres(
    'loses no request and no message while each instance in turn is stopped and started again',
    async () => {
      const anna = await buildUser(t.db, { firstName: 'Anna' });
      const bo = await buildUser(t.db, { firstName: 'Bo' });
      const [a, b] = await Promise.all([t.as(anna), t.as(bo)]);
      // Bo keeps a socket open; when its instance stops (1001), his page connects again through the proxy.
      const received = new Set<string>();
      let socket: TestSocket | undefined;
      /** Which socket is open (a new number per connection), or null between a close and the next. */
      let current: number | null = null;
      let generation = 0;
      const closedAt = new Map<number, number>();
      let running = true;
      const connect = async (): Promise<void> => {
        while (running) {
          try {
            const s = await joinedSocket(wsUrl(), b.cookie, bo.id);
            const gen = ++generation;
            socket = s;
            current = gen;
            s.ws.on('message', (raw) => {
              const e = JSON.parse(String(raw));
              if (e.type === 'new_message') received.add(e.data.message.content);
            });
            void s.closed.then(() => {
              closedAt.set(gen, Date.now());
              if (current === gen) current = null;
              void connect();
            });
            return;
          } catch {
            await sleep(50); // refused while its instance drains: the page tries again
          }
        }
      };
      await connect();

      // Anna writes without pause, and Bo's page reads, while the instances restart one after the other.
      const statuses: number[] = [];
      const sent: { content: string; gen: number | null; answeredAt: number }[] = [];
      let n = 0;
      // Two pages at once, so that requests are in flight whenever an instance stops.
      const worker = async () => {
        while (running && n < 180) {
          const content = `Meddelande ${++n}`;
          const gen = current;
          const [write, read] = await Promise.all([
            request(proxy, 'POST', '/api/messages', a.cookie, { receiverId: bo.id, content }),
            request(proxy, 'GET', '/api/messages/unread-count', b.cookie),
          ]);
          statuses.push(write.status, read.status);
          if (write.status === 201) sent.push({ content, gen, answeredAt: Date.now() });
        }
      };
      const traffic = Promise.all([worker(), worker()]);
      const retriesBefore = proxy.retries;
      for (const [i, instance] of instances.entries()) {
        await sleep(300);
        await instance.stop();
        await sleep(300);
        instances[i] = await startInstance(t, instance.port);
      }
      await sleep(300);
      running = false;
      await traffic;
      await sleep(500);

      expect(n).toBeGreaterThan(5);
      // Every request was answered, none with an error: the proxy sent those a stopped instance refused
      // to the other, and a stopping instance answered what it had received.
      expect(proxy.failures).toEqual([]);
      expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
      expect(sent).toHaveLength(n);
      expect(proxy.retries).toBeGreaterThan(retriesBefore);
      expect(generation).toBeGreaterThan(1);
      // Every message is stored once (the thread Bo's page loads when it connects again)...
      const thread = await request(proxy, 'GET', `/api/messages/${anna.id}?limit=200`, b.cookie);
      expect(thread.status).toBe(200);
      const stored = (JSON.parse(thread.body) as { content: string }[]).map((m) => m.content);
      expect(stored.toSorted()).toEqual(sent.map((m) => m.content).toSorted());
      // ...and every one sent while one socket stayed open, from before the send until 500 ms after its
      // answer, reached that socket live.
      const live = sent.filter(
        (m) => m.gen !== null && (closedAt.get(m.gen) ?? Number.POSITIVE_INFINITY) > m.answeredAt + 500,
      );
      expect(live.length).toBeGreaterThan(0);
      expect(live.filter((m) => !received.has(m.content)).map((m) => m.content)).toEqual([]);
      running = false;
      socket?.close();
    },
    60_000,
  );
});
