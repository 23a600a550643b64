import { type RefObject, useEffect } from 'react';

/** How long the target is kept in view while the page above it is still loading. */
const SETTLE_MS = 3000;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls `ref` to the top of the view when `active` (the page was opened at its anchor), and keeps it
 * there while sections above it load and grow (a lazy chunk, a query's answer) for up to three seconds or
 * until the member scrolls, taps or types. One scroll at mount lost the target when the sections above
 * grew after it: the browser's scroll anchoring does not help once the first scroll was clamped by a page
 * that was still short.
 */
export function useAnchorScroll(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const target = ref.current;
    if (!active || !target) return;
    const scroll = () => target.scrollIntoView({ block: 'start' });
    scroll();
    const observer = new ResizeObserver(scroll);
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
    };
    const timer = setTimeout(stop, SETTLE_MS);
    for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
    return stop;
  }, [ref, active]);
}
