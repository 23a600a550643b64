/**
 * Work a page does not need to show itself or answer the first tap (issue 33): the realtime socket (and the
 * notices reloaded when it connects), the service worker. Begun while a member's server-rendered page
 * hydrates, it competed with hydrating for a phone's CPU. It starts at the member's first input (they are
 * using the page, which is hydrated or holds the tap) or when the browser is first idle after the page's
 * load, whichever comes first.
 */

/** The longest wait for an idle moment after the load (a page that is never idle still gets its socket). */
export const IDLE_TIMEOUT_MS = 3_000;

const INPUTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

let ready: Promise<void> | undefined;

/** Resolves once, at the first input or the first idle moment after the page's load. */
export function afterInteractive(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of INPUTS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INPUTS) window.addEventListener(type, done, { capture: true, passive: true });
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(done, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return ready;
}

/** Forgets the wait (tests). */
export function resetAfterInteractive(): void {
  ready = undefined;
}
