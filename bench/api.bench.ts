// Issues 2 and 17: GET /api/events (anonymous and logged in) and GET /api/auth/user (logged in) on the demo data, 50 connections,
// 10 s each, on PGlite and PostgreSQL, next to a bare Fastify route serving the same JSON from memory.
// ofCeiling compares requests per second (the figure); ofCeilingByCpu compares the server
// process's CPU time per request (/proc), which holds when the load generator, on the same cores, is
// what limits the run.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freshDatabase } from './lib/database';
import { assertSession, seedDemoWithProSession } from './lib/demo-site';
import { runLoad } from './lib/load';
import { withServerCpu } from './lib/process-cpu';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const root = path.resolve(import.meta.dirname, '..');

async function ceiling(json: string) {
  const file = path.join(root, '.tmp/ceiling.json');
  writeFileSync(file, json);
  const port = 5391;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'lib/ceiling-server.ts'), String(port), file],
    {
      stdio: 'inherit',
    },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ceiling`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const result = await withServerCpu(child.pid as number, () =>
    runLoad({ url: `http://127.0.0.1:${port}/ceiling`, connections: CONNECTIONS, durationSec: DURATION }),
  );
  child.kill('SIGTERM');
  return result;
}

const rows: Record<string, unknown>[] = [];
let ceilingRps = 0;
let ceilingCpuUs = 0;
for (const kind of ['pglite', 'postgres'] as const) {
  const bench = await freshDatabase(kind, 'api');
  const database = await bench.open();
  const cookie = await seedDemoWithProSession(database);
  await database.close();

  const server = await startServer({ port: 5390, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
  const eventsJson = await (await fetch(`${server.url}/api/events`)).text();
  if (!ceilingRps) {
    const c = await ceiling(eventsJson);
    ceilingRps = c.requestsPerSec;
    ceilingCpuUs = c.serverCpuUsPerRequest;
    rows.push({
      db: '-',
      route: 'bare Fastify, same JSON from memory (ceiling)',
      ...c,
      ofCeiling: '100%',
      ofCeilingByCpu: '100%',
    });
  }
  await assertSession(server.url, cookie);
  // Issue 17's figures: anonymous and logged-in event lists, and the logged-in member's own record.
  for (const [route, address, headers] of [
    ['GET /api/events', '/api/events', {}],
    ['GET /api/events (logged in)', '/api/events', { cookie }],
    ['GET /api/auth/user (logged in)', '/api/auth/user', { cookie }],
  ] as const) {
    const url = `${server.url}${address}`;
    const r = await withServerCpu(server.pid, () =>
      runLoad({ url, connections: CONNECTIONS, durationSec: DURATION, headers }),
    );
    rows.push({
      db: kind,
      route,
      ...r,
      ofCeiling: `${Math.round((100 * r.requestsPerSec) / ceilingRps)}%`,
      // The server's own cost next to the ceiling's, whatever the load generator on the same machine manages.
      ofCeilingByCpu: `${Math.round((100 * ceilingCpuUs) / r.serverCpuUsPerRequest)}%`,
    });
  }
  await server.stop();
  await bench.drop();
}
writeResults('api', rows, { connections: CONNECTIONS, durationSec: DURATION, eventsPayloadBytes: undefined });
