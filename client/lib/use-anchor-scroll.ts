import { type RefObject, useEffect } from 'react';

/** How long the target is kept in view while the page above it is still loading. */
const SETTLE_MS = 3000;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** How far (px) the target may move up the view before a scroll counts as someone else's. */
const OWN_SCROLL_SLACK = 2;

/**
 * Scrolls `ref` to the top of the view when `active` (the page was opened at its anchor), and keeps it
 * there while sections above it load and grow (a lazy chunk, a query's answer) for up to three seconds or
 * until the member scrolls, taps or types. One scroll at mount lost the target when the sections above
 * grew after it: the browser's scroll anchoring does not help once the first scroll was clamped by a page
 * that was still short.
 *
 * A scroll that takes the target further up than this hook put it is someone else's (a control below it
 * scrolled into view by the browser or by a journey's tap, a scrollbar dragged): keeping the target then
 * would pull the page back under the finger about to tap, so the keeping stops.
 */
export function useAnchorScroll(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const target = ref.current;
    if (!active || !target) return;
    let placedAt = 0;
    const scroll = () => {
      target.scrollIntoView({ block: 'start' });
      placedAt = target.getBoundingClientRect().top;
    };
    const onScroll = () => {
      if (target.getBoundingClientRect().top < placedAt - OWN_SCROLL_SLACK) stop();
    };
    const observer = new ResizeObserver(scroll);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
    };
    scroll();
    observer.observe(document.body);
    const timer = setTimeout(stop, SETTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
    return stop;
  }, [ref, active]);
}
