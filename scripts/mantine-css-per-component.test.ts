// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import {
  LAYER_ORDER_ID,
  layerCss,
  mantineCssFor,
  mantineCssPerComponent,
  mantineLayerOrder,
} from './mantine-css-per-component.mjs';

const root = path.resolve(import.meta.dirname, '..');
const nodeModules = path.join(root, 'node_modules');
const modules = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.module.mjs'))
    .map((e) => path.join(e.parentPath, e.name));
const resolveCss = (spec: string) => path.join(nodeModules, spec);
const coreStyles = path.join(nodeModules, '@mantine/core/styles');
const layerFiles = [
  ...readdirSync(coreStyles)
    .filter((f) => f.endsWith('.layer.css'))
    .map((f) => path.join(coreStyles, f)),
  resolveCss('@mantine/dates/styles.layer.css'),
  resolveCss('@mantine/notifications/styles.layer.css'),
];

type Hook = (...args: unknown[]) => unknown;
/** The plugin as the production build runs it. */
function buildPlugin() {
  const plugin = mantineCssPerComponent({ entry: /[\\/]client[\\/]main\.tsx$/ }) as unknown as Record<
    string,
    Hook
  >;
  plugin.configResolved!({ command: 'build', root: path.join(root, 'client') });
  const transform = (id: string) =>
    (plugin.transform!(readFileSync(id, 'utf8'), id) as { code: string } | null)?.code ?? null;
  const declaration = () => plugin.load!(plugin.resolveId!(LAYER_ORDER_ID)) as string;
  return { plugin, transform, declaration };
}

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

describe('Mantine CSS cascade order (issue 26)', () => {
  it("puts each of Mantine's stylesheets in a layer of its own, and nothing in `mantine` itself", () => {
    const { transform } = buildPlugin();
    const layersOf = (css: string) => [...css.matchAll(/@layer\s+([^{;\s]+)/g)].map((m) => m[1]);
    for (const file of layerFiles) {
      const name = file.includes('@mantine/core/')
        ? path.basename(file, '.layer.css')
        : (/@mantine\/(\w+)\//.exec(file)?.[1] as string);
      const out = transform(file);
      // A file left in `mantine` itself, beside the layers, would beat every component's rules.
      expect(layersOf(out ?? ''), file).toEqual([`mantine.${name}`]);
    }
    expect(() => layerCss('/n/@mantine/core/styles/Button.layer.css', '.m_1{color:red}')).toThrow(
      /not one '@layer mantine/,
    );
  });

  it("declares every layer once, in the order of Mantine's whole stylesheet: the shared bases before the components built on them", () => {
    const order = mantineLayerOrder(nodeModules);
    expect(new Set(order).size).toBe(order.length);
    expect(order).toHaveLength(layerFiles.length);
    const at = (name: string) => order.indexOf(`mantine.${name}`);
    expect(order.slice(0, 3)).toEqual([
      'mantine.baseline',
      'mantine.default-css-variables',
      'mantine.global',
    ]);
    for (const built of [
      'Button',
      'ActionIcon',
      'CloseButton',
      'Chip',
      'NavLink',
      'Accordion',
      'Tabs',
      'Burger',
    ]) {
      expect(at('UnstyledButton'), built).toBeLessThan(at(built));
    }
    for (const built of ['PasswordInput', 'NumberInput', 'PillsInput', 'ColorInput', 'Combobox']) {
      expect(at('Input'), built).toBeLessThan(at(built));
    }
    for (const built of ['Combobox', 'Menu', 'Tooltip']) expect(at('Popover'), built).toBeLessThan(at(built));
    expect(order.slice(-2)).toEqual(['mantine.dates', 'mantine.notifications']);

    // The entry's stylesheet opens with that declaration, before any of Mantine's rules.
    const { plugin, declaration } = buildPlugin();
    expect(declaration()).toBe(`@layer ${order.join(', ')};\n`);
    const main = path.join(root, 'client/main.tsx');
    const entry = (plugin.transform!(readFileSync(main, 'utf8'), main) as { code: string }).code;
    const first = (s: string) => entry.indexOf(s);
    expect(first(`import '${LAYER_ORDER_ID}';`)).toBe(0);
    expect(first(`import '${LAYER_ORDER_ID}';`)).toBeLessThan(
      first('@mantine/core/styles/baseline.layer.css'),
    );
  });

  it("keeps Button's background, border and padding in Chromium when a later chunk brings the plain-button reset again", async () => {
    const { transform, declaration } = buildPlugin();
    const button = resolveCss('@mantine/core/styles/Button.layer.css');
    const reset = resolveCss('@mantine/core/styles/UnstyledButton.layer.css');
    // The order that broke every button: Button's chunk, then Input's with UnstyledButton's reset.
    const built = [declaration(), transform(button)!, transform(reset)!];
    const before = [readFileSync(button, 'utf8'), readFileSync(reset, 'utf8')];

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      const look = async (sheets: string[]) => {
        // One <style> per chunk, in the order the chunks arrived.
        await page.setContent(
          `${sheets.map((s) => `<style>${s}</style>`).join('')}
<button class="m_87cf2631 m_77c9d27d" data-variant="filled"
  style="--button-bg: rgb(32, 122, 59); --button-bd: 1px solid rgb(32, 122, 59); --button-padding-x: 18px">Betala</button>`,
        );
        return page.locator('button').evaluate((el) => {
          // (The server's TypeScript settings know no DOM; this runs in the page.)
          const { getComputedStyle } = globalThis as unknown as {
            getComputedStyle(e: unknown): {
              backgroundColor: string;
              borderTopWidth: string;
              paddingLeft: string;
            };
          };
          const cs = getComputedStyle(el);
          return { bg: cs.backgroundColor, border: cs.borderTopWidth, padding: cs.paddingLeft };
        });
      };
      expect(await look(built)).toEqual({ bg: 'rgb(32, 122, 59)', border: '1px', padding: '18px' });
      // The check tells the two apart: Mantine's files as they come, all in one `@layer mantine`, lose.
      expect(await look(before)).toEqual({ bg: 'rgba(0, 0, 0, 0)', border: '0px', padding: '0px' });
    } finally {
      await browser.close();
    }
  }, 30_000);
});
