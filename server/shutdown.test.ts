import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-shutdown-'));
const port = 5400 + (process.pid % 500);

/** Starts the real server process on a fresh PGlite folder. */
function startServer(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exit, stderr: () => stderr };
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The process test uses its own PGlite folder, so it runs once (in the PGlite pass), not per database.
describe.skipIf(process.env.TEST_DB === 'postgres')('the server process', () => {
  it('stops with a message naming a wrong variable', async () => {
    const s = startServer({ PORT: 'femtusen' });
    expect(await s.exit).toBe(1);
    expect(s.stderr()).toContain('PORT');
  });

  it('closes the database (lock released) and exits 0 on SIGTERM', async () => {
    const s = startServer();
    let ready = false;
    for (let i = 0; i < 240 && !ready; i++) {
      try {
        ready = (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    expect(ready).toBe(true);
    expect(existsSync(path.join(dataDir, 'singelgolf.lock'))).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/api/events`)).status).toBe(200);
    // Fastify's close (return503OnClosing) lets requests in flight finish, then the database closes.
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    expect(existsSync(path.join(dataDir, 'singelgolf.lock'))).toBe(false);
  }, 90_000);
});
