import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@client': r('./client'), '@common': r('./common'), '@server': r('./server') };

/**
 * Two projects: `unit` (pure rules in common/, client helpers in happy-dom) and
 * `server` (integration through app.inject on a real database: PGlite, or
 * PostgreSQL when TEST_DB=postgres and DATABASE_URL is set).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['client/test-setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // Files share a worker's module cache: importing the app once per worker instead of once per
          // file halves the run. Each file still gets its own database (server/test/), and nothing a test
          // changes at module level outlives its file (fake timers are restored in afterEach).
          isolate: false,
        },
      },
    ],
  },
});
