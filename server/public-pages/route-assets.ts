import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (`build.manifest`), keyed by source path under client/. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The built client's manifest, or null without one (a build from before it was written, tests). */
export function readManifest(clientRoot: string): ViteManifest | null {
  const file = path.join(clientRoot, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : null;
}

/**
 * The scripts and styles a lazily loaded page needs beyond what index.html loads already: the page's
 * chunk and everything it imports statically, with their CSS. The server names them in the page's head
 * (modulepreload, preload as style), so a phone fetches them with the first bundle instead of after it
 * has run (issue 17: one round trip less before the page's content).
 */
export function routeAssets(manifest: ViteManifest, sources: readonly string[]) {
  const loaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep, into);
  };
  visit('index.html', loaded);
  const needed = new Set<string>();
  for (const src of sources) visit(src, needed);
  const scripts: string[] = [];
  const styles: string[] = [];
  const initialCss = new Set([...loaded].flatMap((k) => manifest[k]?.css ?? []));
  for (const key of needed) {
    if (loaded.has(key)) continue;
    scripts.push(`/${manifest[key].file}`);
    for (const css of manifest[key].css ?? []) if (!initialCss.has(css)) styles.push(`/${css}`);
  }
  return { scripts, styles: [...new Set(styles)] };
}
