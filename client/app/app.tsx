import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { replayEarlyTaps } from '../lib/early-taps';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/** The whole client in the browser: providers around the router and its routes (start.tsx makes the client). */
export function App({
  queryClient,
  renderedAt = null,
  onMounted,
}: {
  queryClient: QueryClient;
  /** When the server drew the page being hydrated (lib/use-now.tsx); null for a page the app draws. */
  renderedAt?: number | null;
  onMounted?: () => void;
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
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
