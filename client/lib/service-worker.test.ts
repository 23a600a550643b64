import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: it keeps the registration under way.
const load = async () => {
  vi.resetModules();
  return import('./service-worker');
};

describe('the service worker registration (issues 13 and 17)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('registers /sw.js once, only when the delay has passed or something asks for it', async () => {
    const registration = { scope: '/' };
    const register = vi.fn().mockResolvedValue(registration);
    vi.stubGlobal('navigator', { serviceWorker: { register } });
    vi.useFakeTimers();
    const { registerServiceWorker, registerServiceWorkerLater, SERVICE_WORKER_DELAY_MS } = await load();
    registerServiceWorkerLater();
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS - 1);
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
