import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Starts each newly opened page at the top; back and forward keep the browser's own restoring. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of path
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
