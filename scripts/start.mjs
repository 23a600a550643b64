// npm start: build the client and the server when missing or older than their sources, then run the
// built server with node (no TypeScript at run time).
//
// NODE_ENV defaults to production. A fresh clone (neither NODE_ENV nor SEED_DEMO set) also gets
// SEED_DEMO=true, so an empty database shows the demo community; the server warns about its public
// logins. A deployment sets NODE_ENV=production itself: then demo data only with SEED_DEMO=true.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverBuild, serverBuildIsStale } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');
const builtSsr = path.join(root, 'dist/ssr/entry-server.js');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = ['client', 'common'].map((d) => newest(path.join(root, d)));
// The build's own plugins count as its configuration (scripts/mantine-css-per-component.mjs: the CSS order).
const configs = [
  'vite.config.ts',
  'package-lock.json',
  'postcss.config.cjs',
  'scripts/mantine-css-per-component.mjs',
].map((f) => statSync(path.join(root, f)).mtimeMs);
const stale = (file) => !existsSync(file) || statSync(file).mtimeMs < Math.max(...sources, ...configs);
if (stale(built) || stale(builtSsr)) {
  console.log('Building the client ...');
  // The browser's build, then the public pages' server render (client/entry-server.tsx into dist/ssr).
  for (const args of [['build'], ['build', '--ssr', 'entry-server.tsx']]) {
    const res = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), ...args, '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    );
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}

if (serverBuildIsStale()) {
  console.log('Building the server ...');
  try {
    await buildServer();
  } catch {
    process.exit(1);
  }
}

const env = { ...process.env };
const unset = (name) => env[name] === undefined || env[name] === '';
if (unset('NODE_ENV') && unset('SEED_DEMO')) env.SEED_DEMO = 'true';
if (unset('NODE_ENV')) env.NODE_ENV = 'production';

const server = spawn(process.execPath, ['--enable-source-maps', serverBuild], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
