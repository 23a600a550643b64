import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { replayEarlyTaps } from '../lib/early-taps';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/** The whole client in the browser: providers around the router and its routes (start.tsx makes the client). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  // Effects run once the tree has hydrated: taps held on the server-rendered page (lib/early-taps.ts,
  // issue 33) now reach their handlers.
  useEffect(() => replayEarlyTaps(), []);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
