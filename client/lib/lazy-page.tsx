import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';

/** A page in a chunk of its own that can be loaded before it is first drawn. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * React.lazy with a `preload()`: once the chunk is loaded the page is drawn at once instead of suspending.
 * The browser loads a server-rendered page's chunks before it hydrates (main.tsx), so the markup is
 * hydrated in place; a part still suspended when the app above it first updates would be drawn anew.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A chunk that failed to load (a dropped connection) is asked for again next time.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}

/**
 * What a route's `handle` may carry: the chunks to load before a server-rendered page is hydrated, given the
 * query cache the page was rendered from (who is logged in decides what the start page draws).
 */
export interface PageHandle {
  preload?: (queryClient: QueryClient) => Promise<unknown>;
}
