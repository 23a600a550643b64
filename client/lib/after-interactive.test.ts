import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterInteractive, resetAfterInteractive } from './after-interactive';

afterEach(() => {
  resetAfterInteractive();
  vi.unstubAllGlobals();
});

describe('afterInteractive (issue 33)', () => {
  it('waits for an idle moment after the load, then resolves once for every caller', async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      idle = cb;
      return 1;
    });
    const started = vi.fn();
    const a = afterInteractive().then(started);
    await Promise.resolve();
    expect(started).not.toHaveBeenCalled();
    expect(idle).toBeDefined();
    idle?.();
    await a;
    expect(started).toHaveBeenCalledOnce();
    expect(afterInteractive()).toBe(afterInteractive());
  });

  it('starts at the first input when that comes before the idle moment', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1);
    const started = vi.fn();
    const waiting = afterInteractive().then(started);
    await Promise.resolve();
    expect(started).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    await waiting;
    expect(started).toHaveBeenCalledOnce();
  });
});
