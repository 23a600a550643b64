// Builds the server into dist/server/main.js: esbuild compiles the TypeScript (and the e-mail
// templates' JSX) of server/ and common/ into one ES module, with the @common/@server aliases
// resolved and every package left to node_modules. Production runs `node dist/server/main.js`.
//
//   node scripts/build-server.mjs              build
//   node scripts/build-server.mjs --if-stale   build only when a source is newer than the build
//
// Files the code finds next to itself (`new URL('./migrations', import.meta.url)`, the built client,
// the passkey script) stay where they are: each module's import.meta.url is rewritten to its source
// file, relative to the bundle, so the build runs from this checkout exactly as the sources do.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const serverBuild = path.join(root, 'dist/server/main.js');
const outDir = path.dirname(serverBuild);
const inputs = ['server', 'common'];
const configs = ['package-lock.json', 'tsconfig.json', 'tsconfig.base.json', 'scripts/build-server.mjs'];

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** True when there is no build or a source, the lock file or a config is newer than it. */
export function serverBuildIsStale() {
  if (!existsSync(serverBuild)) return true;
  const built = statSync(serverBuild).mtimeMs;
  const sources = Math.max(
    ...inputs.map((d) => newest(path.join(root, d))),
    ...configs.map((f) => statSync(path.join(root, f)).mtimeMs),
  );
  return sources > built;
}

/** Gives every module of ours its own import.meta.url (that of its source file), not the bundle's. */
const sourceLocation = {
  name: 'source-location',
  setup(build) {
    const ours = new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(server|common)/.*\\.tsx?$`);
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (!ours.test(args.path)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)/.test(text)) {
        return {
          errors: [{ text: 'use import.meta.url (the build rewrites it; dirname/filename it does not)' }],
        };
      }
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      const contents = text.replaceAll(
        'import.meta.url',
        `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
      );
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/** Builds dist/server/main.js (and its source map); written atomically, so a running build is never half replaced. */
export async function buildServer() {
  const started = Date.now();
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: serverBuild,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [sourceLocation],
  });
  mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  return Date.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale') && !serverBuildIsStale()) process.exit(0);
  try {
    const ms = await buildServer();
    console.log(`Built the server into ${path.relative(root, serverBuild)} (${ms} ms)`);
  } catch {
    // esbuild has printed the errors.
    process.exit(1);
  }
}
