// npm run test:visual: only the visual regression suite (e2e/visual.spec.ts) against its baselines.
//   npm run test:visual -- --update     writes new baselines where a page changed (or one is missing);
//                                       look at them, then commit them with the change.
// Other arguments go to `playwright test` as they are (e.g. -g landing).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2).map((a) => (a === '--update' ? '--update-snapshots=changed' : a));
const res = spawnSync(
  path.join(root, 'node_modules/.bin/playwright'),
  ['test', 'e2e/visual.spec.ts', ...args],
  {
    cwd: root,
    stdio: 'inherit',
    // One file: one worker, one journeys' site (e2e/site.ts).
    env: { E2E_WORKERS: '1', ...process.env },
  },
);
process.exit(res.status ?? 1);
