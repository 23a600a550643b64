// The app: started by main.tsx once the browser has painted the page (issue 17).
import { SSR_RENDERED_AT_ATTRIBUTE, SSR_STATE_ID } from '@common/ssr';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app';
import { appRoutes } from './app/routes';
import type { PageHandle } from './lib/lazy-page';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorkerLater } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
// A page the server rendered for a visitor (issue 17) or a logged-in member (issue 33) carries the queries
// it rendered from and the time it was drawn at: the app starts from the same data and clock and hydrates
// the HTML instead of drawing it again.
const ssrState = document.getElementById(SSR_STATE_ID);
const renderedAt = Number(ssrState?.getAttribute(SSR_RENDERED_AT_ATTRIBUTE)) || null;
/** The queries the server rendered the page from (none for a page the app draws itself). */
const fromServer = new Set<string>();
const app = (
  <StrictMode>
    <App queryClient={queryClient} renderedAt={renderedAt} onMounted={() => fromServer.clear()} />
  </StrictMode>
);

if (ssrState?.textContent) {
  const state = JSON.parse(ssrState.textContent) as DehydratedState;
  hydrate(queryClient, state);
  // What the server has just rendered from is not asked for again while the page hydrates (the queries
  // are stale at once, spec §7). Once the first render is done they behave as any other: a page opened
  // next asks again. Kept fresh for longer, a member's page opened within that time showed what the
  // server had rendered before a change (a place paid for just after the event page was rendered).
  for (const q of state.queries) fromServer.add(q.queryHash);
  const defaults = queryClient.getDefaultOptions().queries;
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...defaults, refetchOnMount: (query) => !fromServer.has(query.queryHash) },
  });
  // The page's chunks first: hydrating around a part still loading would draw that part anew. One that
  // fails to load is left to the page itself (it asks again and shows the error page if it fails again).
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map((m) =>
      (m.route.handle as PageHandle | undefined)?.preload?.(queryClient).catch(() => undefined),
    ),
  );
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}

// The installable app's service worker, once this first page has settled (not in the dev server, which
// builds no worker).
if (import.meta.env.PROD) registerServiceWorkerLater();
