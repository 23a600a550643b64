import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * The time a server-rendered page was drawn at (issue 33); null for a page the app draws itself. Text that
 * depends on the clock ('för 5 minuter sedan', which events are still to come) is drawn from it while the
 * app hydrates the page, so the browser's first render matches the server's markup to the word; once
 * hydrated, the same text is drawn from the clock.
 *
 * The value never changes. It used to be set to null right after hydrating, and a context that changes
 * makes React hydrate every part still waiting to hydrate at once, in one long task (570 ms on the event
 * page with a 4× slower CPU). Whether the app is still hydrating is read from useSyncExternalStore instead:
 * React takes its server snapshot while hydrating, then draws again only the components whose snapshot
 * differs.
 */
const RenderedAtContext = createContext<number | null>(null);

/** Nothing to subscribe to: the snapshots below change only between hydrating and hydrated. */
const subscribeNothing = () => () => {};

/** Now, in milliseconds: the server's render time while hydrating its page, the clock otherwise. */
export function useNow(): number {
  const renderedAt = useContext(RenderedAtContext);
  const hydrating = useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
  return hydrating && renderedAt !== null ? renderedAt : Date.now();
}

/**
 * What a component needs of the clock (has the event started? the year), as `select` answers it from the
 * server's render time while hydrating and from the clock after. The component is drawn again after
 * hydrating only when the answer differs, so `select` must return a primitive (a boolean, a number).
 */
export function useClock<T extends string | number | boolean | null>(select: (now: number) => T): T {
  const renderedAt = useContext(RenderedAtContext);
  return useSyncExternalStore(
    subscribeNothing,
    () => select(Date.now()),
    () => select(renderedAt ?? Date.now()),
  );
}

/**
 * Changes once, in a transition, right after the root has hydrated; nothing reads it. React leaves each
 * Suspense part of a server-rendered page to hydrate at its lowest priority (OffscreenLane), which waits
 * behind any other pending work: under load a part stayed server markup for more than 10 s, and a tap held
 * on it was lost. A context change reaching such a part makes React hydrate it first, at the change's
 * priority: a transition's, in slices, so soon and without one long task (a synchronous change hydrated
 * every part at once: 570 ms on the event page at 4× CPU).
 */
const HydratedContext = createContext(false);

/**
 * Gives the server's render time to useNow() and useClock() (null when the app draws the page itself), and
 * has the page's waiting parts hydrated soon after the root.
 */
export function RenderedAtProvider({
  renderedAt,
  children,
}: {
  renderedAt: number | null;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (renderedAt !== null) startTransition(() => setHydrated(true));
  }, [renderedAt]);
  return (
    <HydratedContext value={hydrated}>
      <RenderedAtContext value={renderedAt}>{children}</RenderedAtContext>
    </HydratedContext>
  );
}
