import { type CaughtTaps, EARLY_TAP_CONTROLS, EARLY_TAPS_GLOBAL } from '@common/early-taps';

/**
 * Taps on a server-rendered page before the app has hydrated it (issue 33). A member's page shows its
 * buttons and forms as soon as the HTML arrives, a moment before the app's code has run: a tap then would be
 * lost, and a form's submit button would send the form as a plain GET. Until main.tsx runs, the page's inline
 * catcher (common/early-taps.ts) holds them; then main.tsx holds such taps on #root, taking over what the
 * catcher held (each tapped control once, no form sent), and the app replays them once it has hydrated (an
 * effect of App).
 * Links keep working as plain links.
 *
 * App's effect runs when the root has hydrated, not each part: a Suspense part (a hydration part, a lazy
 * component whose chunk is still loading) may still be server markup then. React drops a click on such a
 * part whose code has not arrived (it stops the event; React 19 replays no discrete event), so a control is
 * tapped again only once React has hydrated it, and until then a new tap on it is held too. What React has
 * hydrated carries its fiber on the element (`__reactFiber$…`, React DOM's key since React 17), mounted
 * (see isHydrated).
 */

/** How often held controls are looked at, and how long after the app's start taps are held at most. */
const CHECK_MS = 50;
const WAIT_MS = 10_000;

const held: HTMLElement[] = [];
let root: HTMLElement | null = null;
/** Set once the app has hydrated its root: from then on only controls React has not yet hydrated are held. */
let appStarted = false;
let checking: ReturnType<typeof setInterval> | undefined;
let giving: ReturnType<typeof setTimeout> | undefined;

/** What React keeps of a fiber, as far as the check below reads it. */
interface Fiber {
  tag: number;
  flags: number;
  alternate: Fiber | null;
  return: Fiber | null;
}

/** React's fiber tag of the root, and its flags of a fiber placed or hydrating in a render not yet committed. */
const HOST_ROOT = 3;
const PLACEMENT_OR_HYDRATING = 2 | 4096;

/**
 * Whether React has hydrated `element` and would hand a click on it to its handler: the question React's
 * event system asks (getNearestMountedFiber in react-reconciler). A fiber on the element is not enough: React
 * sets it during a render it may not commit yet (a part hydrating while a sibling's code still loads), and
 * drops a click there.
 */
const isHydrated = (element: Element) => {
  const key = Object.keys(element).find((k) => k.startsWith('__reactFiber$'));
  const fiber = key ? ((element as unknown as Record<string, Fiber | undefined>)[key] ?? null) : null;
  if (!fiber) return false;
  let node = fiber;
  let nearestMounted: Fiber | null = fiber;
  if (!fiber.alternate) {
    // Never committed twice: mounted only if no fiber on the way up is still being placed or hydrated.
    for (let next: Fiber | null = node; next; next = next.return) {
      node = next;
      if (node.flags & PLACEMENT_OR_HYDRATING) nearestMounted = node.return;
    }
  } else {
    while (node.return) node = node.return;
  }
  return node.tag === HOST_ROOT && nearestMounted === fiber;
};

/** What tells a control from the others on the page: its tag, role, name, label and text. */
const signature = (control: Element) =>
  [
    control.tagName,
    control.getAttribute('role'),
    control.getAttribute('name'),
    control.getAttribute('aria-label'),
    control.textContent?.trim(),
  ].join('\u0000');

/**
 * The control that took a held one's place when the browser drew its part anew instead of hydrating it (a
 * part whose data the server did not have): the one control in #root that looks the same, else null.
 */
const counterpart = (gone: HTMLElement): HTMLElement | null => {
  const scope = root ?? document.getElementById('root');
  const wanted = signature(gone);
  const same = [...(scope?.querySelectorAll<HTMLElement>(EARLY_TAP_CONTROLS) ?? [])].filter(
    (control) => signature(control) === wanted,
  );
  return same.length === 1 ? (same[0] as HTMLElement) : null;
};

/**
 * Taps again, in order, the held controls React has hydrated, or their counterparts where the part was drawn
 * anew (all with `force`); a control gone without a counterpart is waited for, and dropped with `force`.
 */
const replayReady = (force: boolean) => {
  while (held.length > 0) {
    const next = held[0] as HTMLElement;
    const control = next.isConnected ? next : counterpart(next);
    if (!force && (!control || !isHydrated(control))) break;
    held.shift();
    control?.click();
  }
  if (held.length === 0) {
    clearInterval(checking);
    checking = undefined;
  }
};

const watch = () => {
  checking ??= setInterval(() => replayReady(false), CHECK_MS);
};

// A held event is also kept from React's own listeners on #root (registered after this one): React would
// otherwise replay it once hydrated as well, and a toggle (a menu's button) tapped twice stays shut.
const hold = (event: Event) => {
  if (event.type === 'submit') {
    if (appStarted && event.target instanceof Element && isHydrated(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  const target =
    event.target instanceof Element ? event.target.closest<HTMLElement>(EARLY_TAP_CONTROLS) : null;
  if (!target || !root?.contains(target)) return;
  if (appStarted && isHydrated(target)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!held.includes(target)) held.push(target);
  if (appStarted) watch();
};

/** Holds taps and form submits on `element` until the app has hydrated what was tapped. */
export function holdEarlyTaps(element: HTMLElement): void {
  root = element;
  appStarted = false;
  element.addEventListener('click', hold, true);
  element.addEventListener('submit', hold, true);
  // What the page's inline catcher held before this code had loaded (common/early-taps.ts).
  const caught = (window as unknown as Record<string, CaughtTaps | undefined>)[EARLY_TAPS_GLOBAL];
  if (caught) {
    caught.stop();
    for (const control of caught.held) if (!held.includes(control)) held.push(control);
  }
}

/** Stops holding and taps again whatever is still held (a part that never hydrated is tapped anyway). */
export function releaseEarlyTaps(): void {
  root?.removeEventListener('click', hold, true);
  root?.removeEventListener('submit', hold, true);
  root = null;
  appStarted = false;
  clearTimeout(giving);
  replayReady(true);
}

/**
 * Called once the app's root has hydrated: taps again what was held as soon as React has hydrated it, and
 * holds taps on parts not yet hydrated, for at most WAIT_MS.
 */
export function replayEarlyTaps(): void {
  if (!root || appStarted) return;
  appStarted = true;
  giving = setTimeout(releaseEarlyTaps, WAIT_MS);
  replayReady(false);
  if (held.length > 0) watch();
}
