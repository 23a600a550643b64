import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { replayEarlyTaps } from '../lib/early-taps';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/**
 * Tells when the member leaves the page the app started on (a link, back or forward). It wraps the routes
 * rather than standing beside them: the tree must be the server's (StaticRouter > AppRoutes), or React's ids
 * differ from the markup's (a tab's aria-controls named an id no element had).
 */
function FirstPageWatch({ onLeave, children }: { onLeave?: () => void; children: ReactNode }) {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) onLeave?.();
  }, [key, onLeave]);
  return children;
}

/** The whole client in the browser: providers around the router and its routes (start.tsx makes the client). */
export function App({
  queryClient,
  renderedAt = null,
  onMounted,
  onLeftFirstPage,
}: {
  queryClient: QueryClient;
  /** When the server drew the page being hydrated (lib/use-now.tsx); null for a page the app draws. */
  renderedAt?: number | null;
  onMounted?: () => void;
  /** Called when the member first goes to another page. */
  onLeftFirstPage?: () => void;
}) {
  // Effects run once the tree has hydrated (a parent's after its children's): taps held on the
  // server-rendered page (lib/early-taps.ts, issue 33) now reach their handlers, and start.tsx learns
  // that the first render is done.
  useEffect(() => {
    onMounted?.();
    replayEarlyTaps();
  }, [onMounted]);
  return (
    <AppProviders queryClient={queryClient} renderedAt={renderedAt}>
      <BrowserRouter>
        <FirstPageWatch onLeave={onLeftFirstPage}>
          <AppRoutes />
        </FirstPageWatch>
      </BrowserRouter>
    </AppProviders>
  );
}
