import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

/**
 * The time a server-rendered page was drawn at (issue 33), while the app hydrates it; null otherwise. Text
 * that depends on the clock ('för 5 minuter sedan', which events are still to come) is drawn from it during
 * hydration, so the browser's first render matches the server's markup to the word; once hydrated, the
 * same text is drawn from the clock.
 */
const RenderedAtContext = createContext<number | null>(null);

/** Now, in milliseconds: the server's render time while hydrating its page, the clock otherwise. */
export function useNow(): number {
  return useContext(RenderedAtContext) ?? Date.now();
}

/**
 * Gives `renderedAt` to the first render, then the clock. Only the components that read useNow() are drawn
 * again: `children` is the same element when this one's state changes.
 */
export function RenderedAtProvider({
  renderedAt,
  children,
}: {
  renderedAt: number | null;
  children: ReactNode;
}) {
  const [at, setAt] = useState(renderedAt);
  useEffect(() => {
    if (renderedAt !== null) setAt(null);
  }, [renderedAt]);
  return <RenderedAtContext value={at}>{children}</RenderedAtContext>;
}
