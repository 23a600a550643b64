import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export const BENCH_SESSION_SECRET = 'bench-session-secret-0123456789-abcdefghijklmnop';

export interface RunningServer {
  url: string;
  port: number;
  /** The server process (its memory can be read from /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the production server (as `npm start` runs it, without demo seeding)
 * on a port, against DATABASE_URL or a PGlite DATA_DIR, and waits until /readyz answers.
 */
export async function startServer(opts: {
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const url = `http://localhost:${opts.port}`;
  // The built server, as `npm start` runs it (built here when a source is newer).
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('building the server failed');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'dist/server/main.js')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(opts.port),
        PUBLIC_URL: url,
        DATABASE_URL: opts.databaseUrl ?? '',
        DATA_DIR: opts.dataDir ?? path.join(root, '.tmp/bench-data'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: BENCH_SESSION_SECRET,
        RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
        ...opts.env,
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on port ${opts.port} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on port ${opts.port} did not become ready`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port: opts.port,
    pid: child.pid as number,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
