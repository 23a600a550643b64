import type { ChangeWatch } from '../db/change-watch';

/** How long a visitor's rendered page is reused: the pages also show times (countdowns, phases). */
export const RENDER_TTL_MS = 10_000;
/** Addresses kept at once (a query string makes a new one); the oldest goes first. */
export const RENDER_CACHE_ENTRIES = 100;

interface Entry<T> {
  version: number;
  at: number;
  value: Promise<T>;
}

/**
 * The public pages as rendered for visitors, per address, kept for a few seconds and dropped as soon as the
 * events change counter moves (server/db/change-watch.ts; registrations move it too): a burst of visitors
 * costs one render, not one each. Renders that fail are not kept.
 */
export function createRenderCache<T>(
  watch: Pick<ChangeWatch, 'version'>,
  opts: { ttlMs?: number; entries?: number; now?: () => number } = {},
) {
  const ttl = opts.ttlMs ?? RENDER_TTL_MS;
  const max = opts.entries ?? RENDER_CACHE_ENTRIES;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  return async function get(key: string, render: () => Promise<T>): Promise<T> {
    const version = await watch.version();
    const hit = entries.get(key);
    if (hit && hit.version === version && now() - hit.at < ttl) return hit.value;
    const value = render();
    const entry = { version, at: now(), value };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > max) entries.delete(entries.keys().next().value as string);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
}
