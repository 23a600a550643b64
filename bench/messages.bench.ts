// Issue 5 benchmark, on PostgreSQL:
// 1. Delivery: 500 WebSockets spread over two server instances, 20 direct messages a second for 30 s,
//    each POSTed through either instance; latency from POST to arrival on the receiver's socket
//    (p50/p99), and messages lost (never arrived on the receiver's or the sender's socket).
// 2. GET /api/messages for a member with 200 conversations among 1,000,000 messages: p50/p99.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { freshDatabase, sessionCookieFor } from './lib/database';
import { runLoad } from './lib/load';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';
import { seedMessages, TARGET_USER_ID } from './messages-data';

const SOCKETS = 500;
const RATE_PER_SEC = 20;
const SECONDS = Number(process.env.BENCH_MESSAGES_SECONDS ?? 30);
const PORTS = [5395, 5396];
const WARMUP = 40;
const rows: Record<string, unknown>[] = [];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const round = (n: number) => Math.round(n * 10) / 10;

interface Sent {
  t0: number;
  sender: string;
  receiver: string;
  atReceiver?: number;
  atSender?: number;
  crossInstance: boolean;
}

async function delivery() {
  const bench = await freshDatabase('postgres', 'messages_delivery');
  const database = await bench.open();
  const ids = Array.from({ length: SOCKETS }, (_, i) => `ws${i + 1}`);
  await database.db.execute(sql`
    insert into users (id, email, first_name, last_name, full_name)
    select 'ws' || g, 'ws' || g || '@bench.test', 'Medlem', 'Nr ' || g, 'Medlem Nr ' || g
    from generate_series(1, ${SOCKETS}) g`);
  const cookies = await Promise.all(ids.map((id) => sessionCookieFor(database, id)));

  const servers = await Promise.all(
    PORTS.map((port) => startServer({ port, databaseUrl: bench.databaseUrl })),
  );
  const sent = new Map<string, Sent>();
  const home = (i: number) => i % servers.length;

  // Member i holds one socket on instance i % 2 and joins its message stream.
  const sockets = await Promise.all(
    ids.map(
      (id, i) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`ws://localhost:${servers[home(i)].port}/ws`, {
            headers: { cookie: cookies[i] },
            origin: servers[home(i)].url,
          });
          ws.on('message', (data) => {
            const e = JSON.parse(String(data));
            if (e.type === 'joined') resolve(ws);
            if (e.type !== 'new_message') return;
            const s = sent.get(e.data.message.content);
            if (!s) return;
            const t = performance.now() - s.t0;
            if (id === s.receiver) s.atReceiver ??= t;
            if (id === s.sender) s.atSender ??= t;
          });
          ws.on('open', () => ws.send(JSON.stringify({ type: 'join_messages', userId: id })));
          ws.on('error', reject);
        }),
    ),
  );

  // Warm-up (not measured): both instances compile their paths and fill their pools.
  for (let n = 0; n < WARMUP; n++) {
    const via = servers[n % servers.length];
    await fetch(`${via.url}/api/messages`, {
      method: 'POST',
      headers: { cookie: cookies[n], origin: via.url, 'content-type': 'application/json' },
      body: JSON.stringify({ receiverId: ids[n + 1], content: `warm-up ${n}` }),
    });
  }
  await new Promise((r) => setTimeout(r, 1000));

  const posts: Promise<void>[] = [];
  const postTimes: number[] = [];
  let failedPosts = 0;
  const total = RATE_PER_SEC * SECONDS;
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    // Paced by the clock, not by replies: 20 a second whatever the latency.
    const due = started + (n * 1000) / RATE_PER_SEC;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const a = Math.floor(Math.random() * SOCKETS);
    const b = (a + 1 + Math.floor(Math.random() * (SOCKETS - 1))) % SOCKETS;
    const via = servers[n % servers.length];
    const content = `bench ${n} ${Math.random().toString(36).slice(2)}`;
    sent.set(content, {
      t0: performance.now(),
      sender: ids[a],
      receiver: ids[b],
      crossInstance: servers[home(b)] !== via,
    });
    posts.push(
      fetch(`${via.url}/api/messages`, {
        method: 'POST',
        headers: { cookie: cookies[a], origin: via.url, 'content-type': 'application/json' },
        body: JSON.stringify({ receiverId: ids[b], content }),
      }).then(
        (res) => {
          postTimes.push(performance.now() - (sent.get(content)?.t0 ?? 0));
          if (res.status !== 201) failedPosts++;
        },
        () => {
          failedPosts++;
        },
      ),
    );
  }
  await Promise.all(posts);
  // Anything still in flight gets 5 s more.
  await new Promise((r) => setTimeout(r, 5000));

  const all = [...sent.values()];
  const latencies = all
    .map((s) => s.atReceiver)
    .filter((t): t is number => t !== undefined)
    .sort((x, y) => x - y);
  const cross = all
    .filter((s) => s.crossInstance)
    .map((s) => s.atReceiver)
    .filter((t): t is number => t !== undefined)
    .sort((x, y) => x - y);
  const lost = all.filter((s) => s.atReceiver === undefined || s.atSender === undefined).length;
  const counted = (await database.db.execute(sql`select count(*)::int as n from messages`)) as unknown as {
    rows: { n: number }[];
  };
  rows.push({
    test: `delivery: ${SOCKETS} sockets on 2 instances, ${RATE_PER_SEC} msg/s for ${SECONDS} s`,
    messages: total,
    failedPosts,
    delivered: latencies.length,
    lost,
    p50ms: round(percentile(latencies, 50)),
    p99ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    crossInstanceP99ms: round(percentile(cross, 99)),
    postP99ms: round(
      percentile(
        postTimes.sort((x, y) => x - y),
        99,
      ),
    ),
    stored: Number(counted.rows[0].n) - WARMUP,
  });

  for (const ws of sockets) ws.terminate();
  await Promise.all(servers.map((s) => s.stop()));
  await database.close();
  await bench.drop();
}

async function conversationList() {
  const bench = await freshDatabase('postgres', 'messages_list');
  const database = await bench.open();
  const shape = { members: 10_000, totalMessages: 1_000_000, targetConversations: 200, perConversation: 20 };
  const t = performance.now();
  await seedMessages(database, shape);
  console.log(`seeded ${shape.totalMessages} messages in ${Math.round((performance.now() - t) / 1000)} s`);
  const cookie = await sessionCookieFor(database, TARGET_USER_ID);
  await database.close();

  const server = await startServer({ port: PORTS[0], databaseUrl: bench.databaseUrl });
  const check = await fetch(`${server.url}/api/messages`, { headers: { cookie } });
  const list = (await check.json()) as unknown[];
  if (check.status !== 200 || list.length !== shape.targetConversations) {
    throw new Error(`GET /api/messages answered ${check.status} with ${list.length} conversations`);
  }
  for (const connections of [1, 10]) {
    const r = await runLoad({
      url: `${server.url}/api/messages`,
      connections,
      durationSec: 10,
      headers: { cookie },
    });
    rows.push({
      test: `GET /api/messages: 200 conversations among 1,000,000 messages, ${connections} connection(s)`,
      messages: shape.totalMessages,
      requestsPerSec: r.requestsPerSec,
      p50ms: r.p50,
      p99ms: r.p99,
      errors: r.errors + r.non2xx,
    });
  }
  await server.stop();
  await bench.drop();
}

// BENCH_MESSAGES_ONLY=delivery or =list runs one part.
const only = process.env.BENCH_MESSAGES_ONLY;
if (only !== 'list') await delivery();
if (only !== 'delivery') await conversationList();
writeResults('messages', rows, {
  database: 'postgres',
  sockets: SOCKETS,
  ratePerSec: RATE_PER_SEC,
  seconds: SECONDS,
});
