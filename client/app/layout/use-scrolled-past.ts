import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';

/** True once the page is scrolled more than `px` pixels (re-renders only when that flips). */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > px);
  useWindowEvent('scroll', () => setPast(window.scrollY > px), { passive: true });
  return past;
}
