import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that React hydrates on its own (issue 17): each Suspense boundary of the
 * server's markup is hydrated in a task of its own, and the browser can paint and answer a tap in between,
 * instead of one long task for the whole page. Nothing in it suspends; in a page the browser draws itself
 * it changes nothing.
 */
export function HydrationPart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
