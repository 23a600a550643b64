import { useState } from 'react';

/**
 * Whether `opened` has been true at least once: a lazily loaded dialog or drawer is mounted (and its chunk
 * fetched) from its first opening on, and stays mounted so it can animate closed.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
