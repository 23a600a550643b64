// The site for the browser journeys: a fresh PGlite folder with demo data, on E2E_PORT.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '5200';
const dataDir = path.join(root, '.tmp', `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    // Production (start.mjs's default) without Stripe keys: the journeys pay with the built-in test mode.
    PAYMENTS_TEST_MODE: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
