// npm test: every test — types, lint, unit, server integration on PGlite (this Node) and on PostgreSQL
// when DATABASE_URL is set (under Node 24; without it, PGlite again under Node 24), the client and server
// builds, browser journeys — then one line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2); // e.g. `npm test -- unit server` runs just those steps

let passed = 0;
let failed = 0;
const summary = [];

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}

/** A step that is one check (types, lint, build). */
function check(name, cmd, args, env) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const ok = run(cmd, args, env);
  ok ? passed++ : failed++;
  summary.push(`${name}: ${ok ? 'ok' : 'FAILED'}`);
}

/** A vitest run (under this Node, or the command `node` gives); counts its tests from the JSON report. */
function vitest(name, args, env, node = null) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const out = path.join(tmp, `vitest-${name}.json`);
  rmSync(out, { force: true });
  const vitestArgs = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const started = Date.now();
  const ok = node
    ? run(node[0], [...node.slice(1), path.join(root, 'node_modules/vitest/vitest.mjs'), ...vitestArgs], env)
    : run(bin('vitest'), vitestArgs, env);
  console.log(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (!existsSync(out)) {
    failed++;
    summary.push(`${name}: did not run`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  // A file that fails to load has no tests but counts as a failure.
  const brokenFiles = r.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  passed += r.numPassedTests;
  failed += r.numFailedTests + brokenFiles + (!ok && r.numFailedTests + brokenFiles === 0 ? 1 : 0);
  summary.push(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests + brokenFiles} failed`);
}

/** The Playwright journeys; counts from the JSON report. */
function playwright(name) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const out = path.join(tmp, 'playwright.json');
  rmSync(out, { force: true });
  const ok = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (!existsSync(out)) {
    failed++;
    summary.push(`${name}: did not run`);
    return;
  }
  const s = JSON.parse(readFileSync(out, 'utf8')).stats;
  const bad = s.unexpected;
  passed += s.expected + (s.flaky ?? 0);
  failed += bad + (!ok && bad === 0 ? 1 : 0);
  summary.push(
    `${name}: ${s.expected + (s.flaky ?? 0)} passed, ${bad} failed${s.flaky ? ` (${s.flaky} flaky)` : ''}`,
  );
}

check('types-server', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
check('types-client', bin('tsc'), ['--noEmit', '-p', 'tsconfig.client.json']);
check('types-e2e', bin('tsc'), ['--noEmit', '-p', 'tsconfig.e2e.json']);
check('lint', bin('biome'), ['check', '.']);
vitest('unit', ['--project', 'unit']);
// Two runs of the server tests, which between them cover both databases and both ends of the supported
// runtimes: PGlite under this Node (20 on the CI machine), then PostgreSQL (when DATABASE_URL is set)
// under Node 24, whose binary the registry's `node` package brings. Without DATABASE_URL the second run
// is PGlite under Node 24.
const node24 = ['npx', '-y', 'node@24'];
vitest('server', ['--project', 'server'], { TEST_DB: 'pglite' });
if (process.env.DATABASE_URL)
  vitest('server-postgres', ['--project', 'server'], { TEST_DB: 'postgres' }, node24);
else vitest('server-node24', ['--project', 'server'], { TEST_DB: 'pglite' }, node24);
check('build', bin('vite'), ['build', '--logLevel', 'warn']);
check('build-ssr', bin('vite'), ['build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn']);
check('build-server', process.execPath, [path.join(root, 'scripts/build-server.mjs')]);
playwright('e2e');

console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
