// Issue 11 benchmark: the built-in issuer's account requests on PGlite and PostgreSQL, against the
// production server: POST sign-up (scrypt hash + account + link e-mail in the outbox), POST 'Glömt
// lösenordet?' (token + e-mail), POST a new password from a reset link (scrypt hash + sessions
// ended), each with unique addresses/tokens, at 1 and 8 concurrent clients. Also the bare cost of
// one scrypt hash with the parameters in server/auth/passwords.ts.
import { performance } from 'node:perf_hooks';
import { issueToken } from '../server/auth/account-tokens';
import { hashPassword } from '../server/auth/passwords';
import { idpAccounts } from '../server/db/schema';
import { freshDatabase } from './lib/database';
import { writeResults } from './lib/results';
import { startServer } from './lib/server';

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 8) * 1000;
const CONCURRENCY = [1, 8];
const RESET_ACCOUNTS = 3000;

/** Runs `once(i)` from `clients` loops for the duration; answers rate and latency percentiles (ms). */
async function closedLoop(clients: number, once: (i: number) => Promise<number>) {
  const latencies: number[] = [];
  let n = 0;
  let failures = 0;
  const end = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const i = n++;
        const t0 = performance.now();
        const status = await once(i);
        latencies.push(performance.now() - t0);
        if (status >= 400) failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] * 10) / 10;
  return {
    requests: latencies.length,
    perSec: Math.round((latencies.length / DURATION_MS) * 10000) / 10,
    p50: pct(0.5),
    p99: pct(0.99),
    failures,
  };
}

/** A login interaction of the built-in issuer: its uid and the cookies that go with it. */
async function interaction(base: string): Promise<{ uid: string; cookie: string }> {
  const jar = new Map<string, string>();
  let url = `${base}/api/login?screen=signup`;
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair.split('=');
      jar.set(k, v.join('='));
    }
    const location = res.headers.get('location');
    if (!location) break;
    url = new URL(location, url).href;
    const m = url.match(/\/idp\/interaction\/([^/?]+)$/);
    if (m) return { uid: m[1], cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
  }
  throw new Error(`no interaction from ${url}`);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

// The bare cost of the memory-hard hash (scrypt N=2^15, r=8, p=1: 32 MiB per hash).
const hashTimes: number[] = [];
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  await hashPassword(`password-${i}-x1`);
  hashTimes.push(performance.now() - t0);
}
hashTimes.sort((a, b) => a - b);
const rows: Record<string, unknown>[] = [
  {
    db: '-',
    measure: 'one scrypt hash (N=2^15, r=8, p=1, 32 MiB), in process',
    clients: 1,
    p50: Math.round(hashTimes[10] * 10) / 10,
    p99: Math.round(hashTimes[19] * 10) / 10,
  },
];

for (const kind of ['pglite', 'postgres'] as const) {
  const bench = await freshDatabase(kind, 'accounts');
  const database = await bench.open();
  // Confirmed accounts to send reset links to, and reset links to follow (made straight in the database).
  const passwordHash = await hashPassword('bench-old-password-1');
  const accounts = Array.from({ length: RESET_ACCOUNTS }, (_, i) => ({
    id: `bench-${i}`,
    email: `reset-${i}@bench.test`,
    passwordHash,
    firstName: 'Bench',
    lastName: `Nr ${i}`,
    emailVerifiedAt: new Date(),
  }));
  for (let i = 0; i < accounts.length; i += 500)
    await database.db.insert(idpAccounts).values(accounts.slice(i, i + 500));
  const tokens: string[] = [];
  for (const a of accounts) {
    tokens.push(await issueToken(database.db, { kind: 'reset_password', email: a.email, accountId: a.id }));
  }
  await database.close();

  const server = await startServer({ port: 5395, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
  const base = server.url;
  const origin = { origin: base, 'content-type': 'application/x-www-form-urlencoded' };
  let run = 0;
  for (const clients of CONCURRENCY) {
    run++;
    const { uid, cookie } = await interaction(base);
    const signup = await closedLoop(clients, async (i) => {
      const res = await fetch(`${base}/idp/interaction/${uid}/signup`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...origin, cookie },
        body: form({
          firstName: 'Bench',
          lastName: 'Mark',
          email: `new-${run}-${i}@bench.test`,
          password: 'fairway2024',
        }),
      });
      await res.arrayBuffer();
      return res.status;
    });
    rows.push({ db: kind, measure: 'POST sign-up (new address)', clients, ...signup });

    const forgot = await closedLoop(clients, async (i) => {
      const res = await fetch(`${base}/idp/forgot`, {
        method: 'POST',
        headers: origin,
        body: form({ email: `reset-${(i * 7 + run) % RESET_ACCOUNTS}@bench.test` }),
      });
      await res.arrayBuffer();
      return res.status;
    });
    rows.push({ db: kind, measure: "POST 'Glömt lösenordet?' (known address)", clients, ...forgot });
  }
  let next = 0;
  for (const clients of CONCURRENCY) {
    const reset = await closedLoop(clients, async () => {
      const token = tokens[next++];
      if (!token) return 599;
      const res = await fetch(`${base}/idp/reset/${token}`, {
        method: 'POST',
        redirect: 'manual',
        headers: origin,
        body: form({ password: 'newFairway2025', repeat: 'newFairway2025' }),
      });
      await res.arrayBuffer();
      return res.status === 302 ? 200 : res.status;
    });
    rows.push({ db: kind, measure: 'POST new password from a reset link', clients, ...reset });
  }
  await server.stop();
  await bench.drop();
}
writeResults('accounts', rows, { durationSec: DURATION_MS / 1000, cores: 2 });
