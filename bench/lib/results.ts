import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Prints a benchmark's rows as a table and writes them, with the machine, to bench/results/<name>.json. */
export function writeResults(
  name: string,
  rows: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): void {
  console.table(rows);
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ name, at: new Date().toISOString(), node: process.version, ...extra, rows }, null, 2)}\n`,
  );
  console.log(`written ${path.relative(root, file)}`);
}
