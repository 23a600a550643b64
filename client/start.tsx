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
/**
 * How long at most the server's data counts as fresh on the page it was rendered for. A part that mounts
 * after hydrating (a lazy section, a dialog) reads it instead of asking the API again, and its answer then
 * drawing the page once more (issue 33).
 */
const SERVER_DATA_FRESH_MS = 30_000;
const forgetServerData = () => fromServer.clear();
const app = (
  <StrictMode>
    <App
      queryClient={queryClient}
      renderedAt={renderedAt}
      onMounted={() => setTimeout(forgetServerData, SERVER_DATA_FRESH_MS)}
      onLeftFirstPage={forgetServerData}
    />
  </StrictMode>
);

if (ssrState?.textContent) {
  const state = JSON.parse(ssrState.textContent) as DehydratedState;
  hydrate(queryClient, state);
  // What the server has just rendered from is not asked for again on its own page (the queries are stale
  // at once, spec §7): not while the page hydrates, nor by a part mounted after it, until the member goes
  // to another page or SERVER_DATA_FRESH_MS have passed. Then they behave as any other: a page opened next
  // asks again. Kept fresh across pages, a page opened next showed what the server had rendered before a
  // change (a place paid for just after the event page was rendered). A query invalidated by a change on
  // the page is asked for again as always.
  for (const q of state.queries) fromServer.add(q.queryHash);
  const defaults = queryClient.getDefaultOptions().queries;
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: {
      ...defaults,
      refetchOnMount: (query) => !fromServer.has(query.queryHash) || query.state.isInvalidated,
    },
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
