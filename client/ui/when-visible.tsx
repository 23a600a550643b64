import { useIntersection } from '@mantine/hooks';
import { useEffect, useRef } from 'react';

/**
 * An empty marker that calls `onVisible` when it comes within `rootMargin` of the view while `active` (the end
 * of a list that loads its next page). What it saw is its own state: held by the page, the observer's first
 * answer right after mounting drew the whole page again, and React then hydrated all of its server-rendered
 * parts at once, in long tasks, instead of one by one (issue 33).
 */
export function WhenVisible({
  active,
  onVisible,
  rootMargin,
}: {
  active: boolean;
  onVisible: () => void;
  rootMargin?: string;
}) {
  const { ref, entry } = useIntersection({ rootMargin });
  const visible = entry?.isIntersecting ?? false;
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    if (visible && active) latest.current();
  }, [visible, active]);
  return <div ref={ref} />;
}
