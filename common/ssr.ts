/**
 * The contract between the server and the client's server-rendering entry (client/entry-server.tsx, built by
 * `vite build --ssr` into dist/ssr/): the server loads the built module at start and renders the public
 * pages of a visitor with it (issue 17).
 */

/**
 * The id of the `<script type="application/json">` after #root in which the server hands a rendered page's
 * query data to the browser (a data block, not a script: the CSP allows no inline scripts).
 */
export const SSR_STATE_ID = 'sg-ssr-state';

/** A GET of the API as a visitor: the JSON of a 200 answer, else undefined (the browser then asks itself). */
export type LoadQuery = (url: string) => Promise<unknown>;

export interface RenderedApp {
  /** The markup inside #root. */
  html: string;
  /** TanStack Query's dehydrated state: exactly the data the markup was rendered from. */
  state: unknown;
}

/** What dist/ssr/entry-server.js exports. */
export interface SsrEntry {
  renderApp(url: string, load: LoadQuery, onError: (error: unknown) => void): Promise<RenderedApp>;
  /** The client modules (paths under client/, as in Vite's manifest) of the page at `url`, for its styles. */
  pageModules(url: string): string[];
}
