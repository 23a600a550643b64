import { type RefObject, useEffect } from 'react';

/** How long the target is kept in place while the page above it is still loading. */
const SETTLE_MS = 3000;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** How far (px) the target may move before it counts as moved. */
const SLACK = 2;

/**
 * Brings `ref` to the top of the view when `active` (the page was opened at its anchor), and keeps it where
 * it is while sections above it load and grow (a lazy chunk, a query's answer) for up to three seconds or
 * until the member scrolls, taps or types. One scroll at mount lost the target when the sections above
 * grew after it: the browser's scroll anchoring does not help once the first scroll was clamped by a page
 * that was still short.
 *
 * A target already in view is not scrolled to: the browser scrolls a server-rendered page to its anchor
 * itself, and the section may hydrate late, when the member's tap on a button inside it hydrates it. A
 * scroll then would move the page between the finger's press and release, and the tap would be lost.
 * A scroll that takes the target further up than it was kept at is someone else's (a control below it
 * scrolled into view for a tap, a scrollbar dragged): the keeping stops.
 */
export function useAnchorScroll(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const target = ref.current;
    if (!active || !target) return;
    const top = () => target.getBoundingClientRect().top;
    const rect = target.getBoundingClientRect();
    if (rect.bottom <= 0 || rect.top >= window.innerHeight) target.scrollIntoView({ block: 'start' });
    let keptAt = top();
    // The page above grew: scrolled by as much, the target stays where it was.
    const keep = () => {
      const moved = top() - keptAt;
      if (Math.abs(moved) > SLACK) window.scrollBy(0, moved);
      keptAt = top();
    };
    const onScroll = () => {
      if (top() < keptAt - SLACK) stop();
    };
    const observer = new ResizeObserver(keep);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
    };
    observer.observe(document.body);
    const timer = setTimeout(stop, SETTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
    return stop;
  }, [ref, active]);
}
