import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_LAYERS, TEST_FOLDER, TEST_SUPPORT } from './server-layers';

/** One import of server code, from the file that holds it to the file it names. */
export interface ServerImport {
  from: string;
  to: string;
}

export interface DependencyReport {
  /** Imports from a domain to one in its own layer or a higher one: `from-domain -> to-domain (file)`. */
  upward: string[];
  /** Pairs of domains that import each other. */
  mutual: string[];
  /** Files outside queries files and the database folder that use Drizzle or the tables themselves. */
  drizzleOutsideQueries: string[];
  /** Domains missing from the layers. */
  unplaced: string[];
}

const isTestFile = (file: string) => /\.test\.tsx?$|test-helpers?\.tsx?$|\.test-helper\.tsx?$/.test(file);

/** The server's source files (not tests, not test helpers), relative to the repository. */
export function serverSourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !isTestFile(entry.name)) out.push(rel);
    }
  };
  walk('server');
  return out.filter((f) => !f.includes(TEST_FOLDER) && !TEST_SUPPORT.includes(domainOf(f))).sort();
}

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

const TYPE_ONLY = /\bimport\s+type\s+[^;]*?\bfrom\s*['"]([^'"]+)['"]/g;

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The specifiers a file imports (static, re-exports, side effects and literal dynamic imports). */
export function importSpecifiers(source: string): string[] {
  return [...withoutComments(source).matchAll(SPECIFIER)].map((m) => m[1]);
}

/** The specifiers a file imports only types from (`import type …`). */
export function typeOnlySpecifiers(source: string): Set<string> {
  return new Set([...withoutComments(source).matchAll(TYPE_ONLY)].map((m) => m[1]));
}

/** The server file an import names (relative or `@server/`), or null for packages and other trees. */
function resolveServerImport(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('@server/'))
    target = path.posix.join('server', specifier.slice('@server/'.length));
  else if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  return target.startsWith('server/') ? target : null;
}

/** The domain of a server file: its first folder under server/, or its own name at the root. */
export function domainOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 2) return /\.[cm]?[jt]sx?$/.test(parts[1]) ? parts[1] : `${parts[1]}.ts`;
  return parts[1];
}

export function collectServerImports(root: string): { imports: ServerImport[]; drizzleUsers: string[] } {
  const imports: ServerImport[] = [];
  const drizzleUsers: string[] = [];
  for (const file of serverSourceFiles(root)) {
    const source = readFileSync(path.join(root, file), 'utf8');
    const typesOnly = typeOnlySpecifiers(source);
    for (const specifier of importSpecifiers(source)) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) drizzleUsers.push(file);
      const to = resolveServerImport(file, specifier);
      // The tables are Drizzle too: a file that names them writes or reads them.
      if (to && /^server\/db\/schema(\/|$)/.test(to) && !typesOnly.has(specifier)) drizzleUsers.push(file);
      if (to) imports.push({ from: file, to: to.replace(/\.(js|ts|tsx)$/, '') });
    }
  }
  return { imports, drizzleUsers: [...new Set(drizzleUsers)] };
}

/**
 * Where Drizzle may be used: queries files, the database folder (schema, client, migrations), and the
 * demo data, which fills the tables directly as a migration would.
 */
export const mayUseDrizzle = (file: string) =>
  /\.queries\.ts$/.test(file) || file.startsWith('server/db/') || file.startsWith('server/seed/');

export function checkServerDependencies(root: string): DependencyReport {
  const layerOf = new Map<string, number>();
  SERVER_LAYERS.forEach((layer, i) => {
    for (const domain of layer) layerOf.set(domain, i);
  });
  const { imports, drizzleUsers } = collectServerImports(root);
  const upward = new Set<string>();
  const edges = new Set<string>();
  const unplaced = new Set<string>();
  for (const { from, to } of imports) {
    const a = domainOf(from);
    const b = domainOf(to.endsWith('.ts') || to.split('/').length > 2 ? to : `${to}.ts`);
    if (a === b || TEST_SUPPORT.includes(b)) continue;
    edges.add(`${a} -> ${b}`);
    const la = layerOf.get(a);
    const lb = layerOf.get(b);
    if (la === undefined) unplaced.add(a);
    if (lb === undefined) unplaced.add(b);
    if (la !== undefined && lb !== undefined && lb >= la) upward.add(`${a} -> ${b} (${from})`);
  }
  const mutual = [...edges]
    .map((e) => e.split(' -> '))
    .filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`);
  return {
    upward: [...upward].sort(),
    mutual: mutual.sort(),
    drizzleOutsideQueries: drizzleUsers.filter((f) => !mayUseDrizzle(f)).sort(),
    unplaced: [...unplaced].sort(),
  };
}
