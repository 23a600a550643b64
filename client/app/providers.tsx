import { subscribeToastContainer, toastContainerWanted } from '@client/lib/toast';
import { RenderedAtProvider } from '@client/lib/use-now';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { cssVariablesResolver, theme } from './theme';

// The toasts' container (and its transitions) in a chunk of its own, loaded with the first toast: the toast
// waits in @mantine/notifications' store and appears when the container mounts.
const ToastContainer = lazy(() => import('./toast-container').then((m) => ({ default: m.ToastContainer })));

/**
 * Mantine (theme, Swedish dates from Monday, one toast at a time) and TanStack Query around the app; the
 * browser (main.tsx) and the server's render of a page (entry-server.tsx) each bring their client, and the
 * time the server drew the page at while it is hydrated (lib/use-now.ts).
 */
export function AppProviders({
  children,
  queryClient,
  renderedAt = null,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  renderedAt?: number | null;
}) {
  const toasts = useSyncExternalStore(subscribeToastContainer, toastContainerWanted, () => false);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
        <DatesProvider settings={{ locale: 'sv', firstDayOfWeek: 1 }}>
          {toasts && (
            <Suspense fallback={null}>
              <ToastContainer />
            </Suspense>
          )}
          <RenderedAtProvider renderedAt={renderedAt}>{children}</RenderedAtProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
