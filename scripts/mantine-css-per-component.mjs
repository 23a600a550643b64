// Mantine's styles per component (issue 17): instead of the whole stylesheet (279 kB) on every page, each
// Mantine component brings its own CSS file into the chunk that uses it. Every component module imports
// its class names from `<Name>.module.mjs`; the build adds an import of `styles/<Name>.layer.css` there,
// so the CSS follows the JavaScript module graph exactly, components used inside others included (Select
// → Combobox → Popover). The `.layer.css` files put Mantine in `@layer mantine`, below the site's own
// unlayered CSS whatever order the chunks load in.
//
// In the dev server Mantine is pre-bundled (its module files are not transformed one by one), so there
// the entry imports the whole layered stylesheet instead.

const CORE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
/** Packages with one stylesheet for all their components. */
const PACKAGE_MODULE = /[\\/]@mantine[\\/](dates|notifications)[\\/]esm[\\/].*\.module\.mjs$/;

/** The CSS import a Mantine module file needs, or null for any other file. */
export function mantineCssFor(id) {
  const core = CORE_MODULE.exec(id);
  if (core) return `@mantine/core/styles/${core[1]}.layer.css`;
  const pkg = PACKAGE_MODULE.exec(id);
  if (pkg) return `@mantine/${pkg[1]}/styles.layer.css`;
  return null;
}

/** @param {{ entry: RegExp }} opts the client's entry module (gets the whole stylesheet in dev). */
export function mantineCssPerComponent({ entry }) {
  let serve = false;
  return {
    name: 'mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        if (!entry.test(id)) return null;
        const all = ['core', 'dates', 'notifications'].map((p) => `import '@mantine/${p}/styles.layer.css';`);
        return { code: `${all.join('\n')}\n${code}`, map: null };
      }
      const css = mantineCssFor(id);
      return css ? { code: `import '${css}';\n${code}`, map: null } : null;
    },
  };
}
