/**
 * The contract between the server and the client's server-rendering entry (client/entry-server.tsx, built by
 * `vite build --ssr` into dist/ssr/): the server loads the built module at start and renders the public
 * pages of a visitor (issue 17) and a logged-in member's pages (issue 33) with it.
 */

/**
 * The id of the `<script type="application/json">` after #root in which the server hands a rendered page's
 * query data to the browser (a data block, not a script: the CSP allows no inline scripts).
 */
export const SSR_STATE_ID = 'sg-ssr-state';

/** The attribute of that block that says when the page was drawn (RenderedApp's `renderedAt`). */
export const SSR_RENDERED_AT_ATTRIBUTE = 'data-rendered-at';

/** A 200 answer of the API: its JSON and its headers (names in lower case). */
export interface ApiAnswer {
  body: unknown;
  headers: Record<string, string | undefined>;
}

/**
 * A GET of the API as the page's viewer (a visitor, or the member with their own session): the 200 answer,
 * else undefined (the browser then asks itself).
 */
export type LoadQuery = (url: string) => Promise<ApiAnswer | undefined>;

/**
 * A query whose key is not an API address (an infinite list, a header it reads) says how the server loads it
 * in its `meta.ssr` (issue 33): the query's data from the API's answers, or undefined.
 */
export type ServerLoad = (load: LoadQuery) => Promise<unknown>;

export interface RenderedApp {
  /** The markup inside #root. */
  html: string;
  /** TanStack Query's dehydrated state: exactly the data the markup was rendered from. */
  state: unknown;
  /** The time (ms) the markup was drawn at: text that depends on the clock is hydrated from it. */
  renderedAt: number;
}

/** Who a page is rendered for: what the start page and the header draw depend on it. */
export type Viewer = 'visitor' | 'member' | 'admin';

/** What dist/ssr/entry-server.js exports. */
export interface SsrEntry {
  /** `user`: GET /api/auth/session's `user` of the viewer, null (the default) for a visitor. */
  renderApp(
    url: string,
    load: LoadQuery,
    onError: (error: unknown) => void,
    user?: unknown,
  ): Promise<RenderedApp>;
  /** The client modules (paths under client/, as in Vite's manifest) of the page at `url`, for its styles. */
  pageModules(url: string, viewer?: Viewer): string[];
}
