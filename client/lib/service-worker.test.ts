import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: it keeps the registration under way.
const load = async () => {
  vi.resetModules();
  return import('./service-worker');
};

describe('the service worker registration (issues 13, 17 and 33)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('registers /sw.js once, only when the page is idle and the delay has passed, or something asks for it', async () => {
    const registration = { scope: '/' };
    const register = vi.fn().mockResolvedValue(registration);
    vi.stubGlobal('navigator', { serviceWorker: { register } });
    vi.useFakeTimers();
    // The page's first idle moment comes a second after the app has started (issue 33).
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => setTimeout(cb, 1_000));
    const { registerServiceWorker, registerServiceWorkerLater, SERVICE_WORKER_DELAY_MS } = await load();
    registerServiceWorkerLater();
    await vi.advanceTimersByTimeAsync(SERVICE_WORKER_DELAY_MS);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000 - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(await registerServiceWorker()).toBe(registration);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('answers null without service workers or when the browser refuses, and tries again later', async () => {
    vi.stubGlobal('navigator', {});
    expect(await (await load()).registerServiceWorker()).toBeNull();
    const register = vi.fn().mockRejectedValueOnce(new Error('blocked')).mockResolvedValue({ scope: '/' });
    vi.stubGlobal('navigator', { serviceWorker: { register } });
    const { registerServiceWorker } = await load();
    expect(await registerServiceWorker()).toBeNull();
    expect(await registerServiceWorker()).toEqual({ scope: '/' });
    expect(register).toHaveBeenCalledTimes(2);
  });
});
