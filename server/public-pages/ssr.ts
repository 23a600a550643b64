import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrEntry, Viewer } from '@common/ssr';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A rendered page's styles: every rule it needs, in the page itself, and its chunks' stylesheets. */
export interface PageStyles {
  /** The first bundle's stylesheets then the page's chunks', in cascade order. */
  css: string;
  /** Those stylesheets (paths), whose rules `css` holds. */
  sheets: string[];
}

/** The built server render and the styles of each page. */
export interface PublicRenderer extends SsrEntry {
  pageStyles(url: string, viewer?: Viewer): PageStyles;
}

/** The stylesheets of `keys` and of every chunk they import statically, in import order. */
function stylesOf(manifest: Manifest, keys: string[], seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    out.push(...stylesOf(manifest, chunk.imports ?? [], seen), ...(chunk.css ?? []));
  }
  return [...new Set(out)];
}

/** The stylesheets index.html links, in its order (paths such as /assets/x.css). */
export const templateSheets = (template: string): string[] =>
  [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[1] as string);

/**
 * Loads the client's server render (`vite build --ssr` writes dist/ssr/entry-server.js beside the client's
 * dist/client) and the client's manifest; null when either is missing (a build without them, the tests'
 * template), and the public pages then carry plain HTML.
 */
export async function loadPublicRenderer(
  clientRoot: string,
  template: string,
): Promise<PublicRenderer | null> {
  const entryFile = path.join(clientRoot, '..', 'ssr', 'entry-server.js');
  const manifestFile = path.join(clientRoot, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const { entry } = (await import(pathToFileURL(entryFile).href)) as { entry: SsrEntry };
  const first = templateSheets(template);
  const read = (sheet: string) => readFileSync(path.join(clientRoot, sheet), 'utf8');
  const firstCss = first.map(read).join('\n');
  // The same few pages over and over: their styles are read once.
  const byModules = new Map<string, PageStyles>();
  return {
    ...entry,
    pageStyles: (url, viewer = 'visitor') => {
      const modules = entry.pageModules(url, viewer);
      const key = modules.join(',');
      let styles = byModules.get(key);
      if (!styles) {
        const chunkSheets = stylesOf(manifest, modules)
          .map((file) => `/${file}`)
          .filter((sheet) => !first.includes(sheet));
        styles = { css: [firstCss, ...chunkSheets.map(read)].join('\n'), sheets: [...first, ...chunkSheets] };
        byModules.set(key, styles);
      }
      return styles;
    },
  };
}
