// Mantine's styles per component (issue 17): instead of the whole stylesheet (279 kB) on every page, each
// Mantine component brings its own CSS file into the chunk that uses it. Every component module imports
// its class names from `<Name>.module.mjs`; the build adds an import of `styles/<Name>.layer.css` there,
// so the CSS follows the JavaScript module graph exactly, components used inside others included (Select
// → Combobox → Popover). Mantine is below the site's own unlayered CSS whatever order the chunks load in.
//
// Cascade order among Mantine's own files (issue 26): many components build on others and override their
// rules with selectors of the same weight (Button's background over UnstyledButton's reset
// `background-color: transparent; border: 0; padding: 0`). In Mantine's whole stylesheet the base comes
// first; split into chunks, a later chunk carrying the base again (Input's chunk brought UnstyledButton's
// reset after Button's CSS) would win. So each file gets a layer of its own inside `mantine`
// (`mantine.UnstyledButton`, `mantine.Button`, …), and the entry's stylesheet declares all of them first,
// in the order of Mantine's whole stylesheet: a layer's place is fixed by that declaration, never by
// where or how often its rules arrive.
//
// In the dev server Mantine is pre-bundled (its module files are not transformed one by one), so there
// the entry imports the whole layered stylesheet instead, in its own order.

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const CORE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
/** Packages with one stylesheet for all their components. */
const PACKAGE_MODULE = /[\\/]@mantine[\\/](dates|notifications)[\\/]esm[\\/].*\.module\.mjs$/;
/** Packages whose one stylesheet comes after all of core's, in this order (Mantine's import order). */
const PACKAGES = ['dates', 'notifications'];

const CORE_STYLES = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([A-Za-z-]+)\.layer\.css$/;
const PACKAGE_STYLES = /[\\/]@mantine[\\/](dates|notifications)[\\/]styles\.layer\.css$/;
const MANTINE_LAYER = /^@layer mantine\s*\{/;

/** The entry's first stylesheet: the declaration of every Mantine layer, in cascade order. */
export const LAYER_ORDER_ID = 'virtual:mantine-layer-order.css';
const RESOLVED_LAYER_ORDER_ID = `\0${LAYER_ORDER_ID}`;

/** The CSS import a Mantine module file needs, or null for any other file. */
export function mantineCssFor(id) {
  const core = CORE_MODULE.exec(id);
  if (core) return `@mantine/core/styles/${core[1]}.layer.css`;
  const pkg = PACKAGE_MODULE.exec(id);
  if (pkg) return `@mantine/${pkg[1]}/styles.layer.css`;
  return null;
}

/** The layer of one of Mantine's layered stylesheets (`mantine.Button`, `mantine.dates`), or null. */
export function mantineLayerOf(id) {
  const clean = id.split('?')[0];
  const core = CORE_STYLES.exec(clean);
  if (core) return `mantine.${core[1]}`;
  const pkg = PACKAGE_STYLES.exec(clean);
  if (pkg) return `mantine.${pkg[1]}`;
  return null;
}

/**
 * One of Mantine's layered stylesheets moved from `@layer mantine` into its own layer inside it. A file
 * that is not one `@layer mantine { … }` block (a new Mantine's format) stops the build: left in
 * `mantine` itself its rules would beat every component's.
 */
export function layerCss(id, code) {
  const layer = mantineLayerOf(id);
  if (!layer) return null;
  const rest = code.replace(MANTINE_LAYER, '');
  if (rest === code || /@layer\b/.test(rest)) {
    throw new Error(`${id}: not one '@layer mantine { … }' block; cannot give it the layer ${layer}`);
  }
  return `@layer ${layer} {${rest}`;
}

/**
 * Every Mantine layer in cascade order: core's files in the order of Mantine's whole stylesheet
 * (`@mantine/core/styles.css`: baseline, variables, global, the shared bases such as UnstyledButton,
 * Input and Popover, then each component after what it builds on), then dates and notifications.
 * `nodeModules` is the folder that holds `@mantine`.
 */
export function mantineLayerOrder(nodeModules) {
  const stylesDir = path.join(nodeModules, '@mantine/core/styles');
  const whole = readFileSync(path.join(nodeModules, '@mantine/core/styles.css'), 'utf8');
  const placed = readdirSync(stylesDir)
    .filter((f) => f.endsWith('.layer.css'))
    .map((f) => {
      const name = f.slice(0, -'.layer.css'.length);
      const own = readFileSync(path.join(stylesDir, `${name}.css`), 'utf8').trim();
      // The file's opening rules are where it sits in the whole stylesheet.
      const at = own ? whole.indexOf(own.slice(0, 300)) : -1;
      if (at < 0) throw new Error(`@mantine/core/styles/${name}.css is not in @mantine/core/styles.css`);
      return { name, at };
    })
    .sort((a, b) => a.at - b.at);
  return [...placed.map((p) => `mantine.${p.name}`), ...PACKAGES.map((p) => `mantine.${p}`)];
}

/** The declaration of the layers, in cascade order: the first rule of the first stylesheet. */
export const layerOrderCss = (nodeModules) => `@layer ${mantineLayerOrder(nodeModules).join(', ')};\n`;

/** @param {{ entry: RegExp }} opts the client's entry module (gets the whole stylesheet in dev). */
export function mantineCssPerComponent({ entry }) {
  let serve = false;
  let nodeModules = '';
  return {
    name: 'mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
      const require = createRequire(path.join(config.root, 'package.json'));
      // The folder holding @mantine, wherever the package manager put it.
      const core = require.resolve('@mantine/core');
      nodeModules = core.slice(0, core.lastIndexOf(`${path.sep}@mantine${path.sep}`));
    },
    resolveId(id) {
      return id === LAYER_ORDER_ID ? RESOLVED_LAYER_ORDER_ID : null;
    },
    load(id) {
      return id === RESOLVED_LAYER_ORDER_ID ? layerOrderCss(nodeModules) : null;
    },
    transform(code, id) {
      if (serve) {
        if (!entry.test(id)) return null;
        const all = ['core', 'dates', 'notifications'].map((p) => `import '@mantine/${p}/styles.layer.css';`);
        return { code: `${all.join('\n')}\n${code}`, map: null };
      }
      // The layer declaration before any of Mantine's rules: the entry's stylesheet opens with it.
      if (entry.test(id)) return { code: `import '${LAYER_ORDER_ID}';\n${code}`, map: null };
      const layered = layerCss(id, code);
      if (layered) return { code: layered, map: null };
      const css = mantineCssFor(id);
      return css ? { code: `import '${css}';\n${code}`, map: null } : null;
    },
  };
}
