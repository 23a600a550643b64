import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the media query matches: `initial` while a server-rendered page hydrates (the server cannot know
 * the screen), then the browser's answer, set in a transition. Mantine's useMediaQuery sets it at once: the
 * page drew itself again then, and React hydrated every server-rendered part below it in one go, in long
 * tasks, instead of one by one in short ones (issue 33).
 */
export function useMatchMedia(query: string, initial: boolean): boolean {
  const [matches, setMatches] = useState(initial);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
