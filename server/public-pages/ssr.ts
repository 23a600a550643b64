import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrEntry } from '@common/ssr';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The built server render and the stylesheets of each page. */
export interface PublicRenderer extends SsrEntry {
  /** The stylesheets a page's modules bring beyond the first bundle's (which index.html links already). */
  pageStyles(url: string): string[];
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

/**
 * Loads the client's server render (`vite build --ssr` writes dist/ssr/entry-server.js beside the client's
 * dist/client) and the client's manifest; null when either is missing (a build without them, the tests'
 * template), and the public pages then carry plain HTML.
 */
export async function loadPublicRenderer(clientRoot: string): Promise<PublicRenderer | null> {
  const entryFile = path.join(clientRoot, '..', 'ssr', 'entry-server.js');
  const manifestFile = path.join(clientRoot, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const { entry } = (await import(pathToFileURL(entryFile).href)) as { entry: SsrEntry };
  const first = new Set(stylesOf(manifest, ['index.html']));
  return {
    ...entry,
    pageStyles: (url) =>
      stylesOf(manifest, entry.pageModules(url))
        .filter((file) => !first.has(file))
        .map((file) => `/${file}`),
  };
}
