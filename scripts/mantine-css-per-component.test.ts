import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineCssFor } from './mantine-css-per-component.mjs';

const root = path.resolve(import.meta.dirname, '..');
const modules = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.module.mjs'))
    .map((e) => path.join(e.parentPath, e.name));
const resolveCss = (spec: string) => path.join(root, 'node_modules', spec);

describe('Mantine CSS per component', () => {
  it("maps a component's class-name module to its layered stylesheet, and nothing else", () => {
    expect(mantineCssFor('/x/node_modules/@mantine/core/esm/components/Button/Button.module.mjs')).toBe(
      '@mantine/core/styles/Button.layer.css',
    );
    expect(mantineCssFor('/x/node_modules/@mantine/dates/esm/components/Day/Day.module.mjs')).toBe(
      '@mantine/dates/styles.layer.css',
    );
    expect(mantineCssFor('/x/node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBeNull();
    expect(mantineCssFor('/x/client/app/home/landing.module.css')).toBeNull();
  });

  it('finds a stylesheet for every module of the installed Mantine (a renamed file after an upgrade fails here)', () => {
    const all = ['core', 'dates', 'notifications'].flatMap((p) =>
      modules(path.join(root, 'node_modules/@mantine', p, 'esm')),
    );
    expect(all.length).toBeGreaterThan(100);
    const missing = all.map((m) => mantineCssFor(m)).filter((css) => !css || !existsSync(resolveCss(css)));
    expect(missing).toEqual([]);
  });
});
