import { describe, expect, it } from 'vitest';
import { createRenderCache } from './render-cache';

const watchAt = (start: number) => {
  let version = start;
  return { version: async () => version, bump: () => void version++ };
};

describe('the visitors’ render cache (issue 17)', () => {
  it('renders an address once while the events are unchanged and the time is short', async () => {
    let t = 0;
    const watch = watchAt(1);
    const cache = createRenderCache<string>(watch, { ttlMs: 1000, now: () => t });
    let renders = 0;
    const render = async () => `page ${++renders}`;
    expect(await cache('/events', render)).toBe('page 1');
    expect(await cache('/events', render)).toBe('page 1');
    expect(await cache('/', render)).toBe('page 2');
    t = 1000;
    expect(await cache('/events', render)).toBe('page 3');
    watch.bump();
    expect(await cache('/events', render)).toBe('page 4');
  });

  it('keeps no failed render and drops the oldest address past the limit', async () => {
    const cache = createRenderCache<string>(watchAt(1), { entries: 2 });
    await expect(
      cache('/a', async () => {
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    expect(await cache('/a', async () => 'a')).toBe('a');
    await cache('/b', async () => 'b');
    await cache('/c', async () => 'c');
    expect(await cache('/a', async () => 'a again')).toBe('a again');
    expect(await cache('/c', async () => 'c again')).toBe('c');
  });
});
