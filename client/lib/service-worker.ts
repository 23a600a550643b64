import { afterInteractive } from './after-interactive';

/**
 * How long after the app has started the service worker is registered. Its install precaches the whole
 * app (issue 13); begun at the page's load it competed with the first page's hydration for a phone's CPU
 * and bandwidth (Lighthouse mobile: about 250 ms more blocking time, issue 17).
 */
export const SERVICE_WORKER_DELAY_MS = 5_000;

let registering: Promise<ServiceWorkerRegistration | null> | undefined;

/** Registers /sw.js once; null where the browser has no service workers or refuses this one. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    registering = undefined;
    return null;
  });
  return registering;
}

/**
 * Registers the service worker once the first page has settled: SERVICE_WORKER_DELAY_MS after the page is
 * interactive (its first input or idle moment, issue 33), or at once when something needs it.
 */
export function registerServiceWorkerLater(delayMs = SERVICE_WORKER_DELAY_MS): void {
  void afterInteractive().then(() => setTimeout(() => void registerServiceWorker(), delayMs));
}
