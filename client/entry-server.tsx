// The server's render of the public pages for a visitor (issue 17) and of a logged-in member's pages
// (issue 33): built by `vite build --ssr` into dist/ssr/entry-server.js and loaded by
// server/public-pages/ssr.ts. The browser hydrates the markup (main.tsx) from the same query data.
import type { FullUser } from '@common/schemas/users';
import type { LoadQuery, RenderedApp, ServerLoad, SsrEntry, Viewer } from '@common/ssr';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, appRoutes } from './app/routes';
import { CURRENT_USER_KEY } from './features/auth/api/current-user-query';
import { createQueryClient } from './lib/query-client';

/**
 * Renders after which the queries the page asked for are loaded and it is rendered again: the landing and
 * list pages need two (the events), the event page three at most.
 */
const MAX_PASSES = 4;

/** The app's module, which main.tsx loads once the page is painted: every page needs its styles. */
const APP_MODULE = 'start.tsx';

/** The page modules whose styles a rendered public page needs up front, by route (index route ''). */
const PAGE_MODULES: Record<string, string[]> = {
  '': ['app/home/landing-page.tsx'],
  events: ['features/events/pages/events-page.tsx'],
  'events/:id': ['features/events/pages/event-detail-page.tsx'],
  members: ['features/members/pages/members-page.tsx'],
  messages: ['features/messages/pages/messages-page.tsx'],
  'messages/:id': ['features/messages/pages/messages-page.tsx'],
  profile: [
    'features/profile/pages/profile-page.tsx',
    'features/notifications/components/notifications-section.tsx',
  ],
  'events/:id/leaderboard': ['features/scoring/pages/leaderboard-page.tsx'],
  'events/:id/scorecard': ['features/scoring/pages/scorecard-page.tsx'],
};

/** What a logged-in member's page draws besides the page: the header's member side (issue 33). */
const MEMBER_MODULES = [
  'app/layout/member-header-actions.tsx',
  'features/messages/components/unread-messages-badge.tsx',
];

/** The start page by who looks at it (app/home/home-page.tsx). */
const HOME_MODULES: Record<Viewer, string[]> = {
  visitor: ['app/home/landing-page.tsx'],
  member: ['app/home/member-dashboard-page.tsx'],
  admin: ['features/admin/pages/admin-dashboard-page.tsx'],
};

/** A query the server can answer: a key of plain parts naming an API address (the default loader's URL). */
const apiUrl = (query: Query): string | null => {
  const key = query.queryKey;
  const plain = key.every((part) => typeof part === 'string' || typeof part === 'number');
  const first = key[0];
  return plain && typeof first === 'string' && first.startsWith('/api/') ? key.join('/') : null;
};

/** A query's `enabled` (an observer's option, kept with the query's options when the page asked for it). */
const isEnabled = (query: Query): boolean => {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};

async function renderOnce(
  queryClient: QueryClient,
  url: string,
  renderedAt: number,
  onError: (error: unknown) => void,
) {
  // React 19's streaming renderer; the whole page is awaited (allReady) so crawlers get every part and the
  // markup needs none of the inline scripts that stream late parts in (the CSP allows none).
  const stream = await renderToReadableStream(
    <StrictMode>
      <AppProviders queryClient={queryClient} renderedAt={renderedAt}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // Every part in place: React outlines a large part into a later chunk revealed by an inline script,
    // unless the chunk size allows it whole.
    { onError, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  await stream.allReady;
  return new Response(stream).text();
}

/**
 * The app at `url` as `user` sees it (null: a visitor): rendered, the queries it asked for loaded through
 * `load` (which asks the API as that member), rendered again until it asks for nothing new. The state
 * returned is the one the last render used, so the browser's first render matches the markup.
 */
export async function renderApp(
  url: string,
  load: LoadQuery,
  onError: (error: unknown) => void,
  user: unknown = null,
) {
  const queryClient = createQueryClient();
  // Who is logged in, as GET /api/auth/session's `user` gives it (current-user-query.ts).
  queryClient.setQueryData(CURRENT_USER_KEY, (user ?? null) as FullUser | null);
  const tried = new Set<string>();
  // One clock for every pass: what depends on it is drawn as the browser will hydrate it.
  const renderedAt = Date.now();
  let html = '';
  for (let pass = 1; ; pass++) {
    html = await renderOnce(queryClient, url, renderedAt, onError);
    if (pass === MAX_PASSES) break;
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && isEnabled(q) && !tried.has(q.queryHash));
    let loaded = 0;
    await Promise.all(
      wanted.map(async (q) => {
        tried.add(q.queryHash);
        const address = apiUrl(q);
        const serverLoad = q.meta?.ssr as ServerLoad | undefined;
        const data = serverLoad ? await serverLoad(load) : address ? (await load(address))?.body : undefined;
        if (data === undefined) return;
        queryClient.setQueryData(q.queryKey, data);
        loaded++;
      }),
    );
    if (loaded === 0) break;
  }
  const rendered: RenderedApp = { html, state: dehydrate(queryClient), renderedAt };
  queryClient.clear();
  return rendered;
}

/** The client modules of the page at `url` as `viewer` sees it (paths under client/, as in Vite's manifest). */
export function pageModules(url: string, viewer: Viewer = 'visitor'): string[] {
  const matches = matchRoutes(appRoutes, url) ?? [];
  const route = matches.at(-1)?.route;
  const member = viewer === 'visitor' ? [] : MEMBER_MODULES;
  if (!route) return [APP_MODULE, ...member];
  const page = route.index ? HOME_MODULES[viewer] : (PAGE_MODULES[route.path ?? ''] ?? []);
  return [APP_MODULE, ...member, ...page];
}

export const entry: SsrEntry = { renderApp, pageModules };
