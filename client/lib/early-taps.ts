import {
  type CaughtTaps,
  EARLY_TAP_CONTROLS,
  EARLY_TAPS_GLOBAL,
  EARLY_TYPED_FIELDS,
  ENTER_SENDS_FIELDS,
  type HeldControl,
} from '@common/early-taps';
import { flushSync } from 'react-dom';

/**
 * Taps on a server-rendered page before the app has hydrated it (issue 33). A member's page shows its
 * buttons and forms as soon as the HTML arrives, a moment before the app's code has run: a tap then would be
 * lost, and a form's submit button would send the form as a plain GET. Until main.tsx runs, the page's inline
 * catcher (common/early-taps.ts) holds them; then main.tsx holds such taps on #root, taking over what the
 * catcher held (each tapped control once, no form sent), and the app replays them once it has hydrated (an
 * effect of App).
 * Links keep working as plain links.
 *
 * Text typed into a field (or a choice in a native select, a file chosen) before React has hydrated it stays
 * in the field, but React takes the field's value as it finds it when it hydrates and never tells the app,
 * whose state still holds the server's value: the next render of the field would wipe the text, and a send
 * would send the old value. Such a field is noted, and once React has hydrated it its value is handed to the
 * app as if typed then (replayTyped), in order with the taps: the message typed, then 'Skicka'. Enter in a
 * message box (where it sends) is held likewise, with no line added, and pressed again once React has
 * hydrated the box (pressEnter): the message typed, then Enter.
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

const held: HeldControl[] = [];
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
const counterpart = (gone: HeldControl): HTMLElement | null => {
  const scope = root ?? document.getElementById('root');
  const wanted = signature(gone.control);
  const same = [
    ...(scope?.querySelectorAll<HTMLElement>(gone.kind === 'tap' ? EARLY_TAP_CONTROLS : EARLY_TYPED_FIELDS) ??
      []),
  ].filter((control) => signature(control) === wanted);
  if (same.length !== 1) return null;
  const found = same[0] as HTMLElement;
  // What was typed went with the old field: it moves to the new one.
  if (gone.kind === 'typed' && 'value' in found && 'value' in gone.control)
    setOwnValue(found, String(gone.control.value));
  return found;
};

/** The value as the browser's own setter writes it, past the one React puts on a field to watch it. */
const setOwnValue = (field: HTMLElement, value: string) => {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
};

/** The props React rendered a hydrated element with (React DOM's `__reactProps$…` key). */
const reactProps = (element: Element): Record<string, unknown> | undefined => {
  const key = Object.keys(element).find((k) => k.startsWith('__reactProps$'));
  return key ? (element as unknown as Record<string, Record<string, unknown> | undefined>)[key] : undefined;
};

/**
 * Hands a field's value, typed before React hydrated it, to the app: an `input` event for a text field, a
 * `change` event for a select or a file input, as the browser sent them then. React's value tracker took
 * the typed text as the field's value when it hydrated, so it is first told the rendered one (through the
 * element's own setter, which React watches) and the text is put back past it: React then sees a change and
 * calls onChange. Committed at once (flushSync), so a held tap after it acts on the new value.
 */
const replayTyped = (field: HTMLElement, typed: string) => {
  const text =
    field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'file');
  if (!text) {
    flushSync(() => field.dispatchEvent(new Event('change', { bubbles: true })));
    return;
  }
  const rendered = reactProps(field)?.value;
  // The app's state has it already (React handled the event after all, hydrating the part on it).
  if (rendered === typed) return;
  field.value = typeof rendered === 'string' ? rendered : field.defaultValue;
  setOwnValue(field, typed);
  flushSync(() => field.dispatchEvent(new Event('input', { bubbles: true })));
};

/** Presses Enter again in a field where it sends, as the keyboard did then; committed at once (flushSync). */
const pressEnter = (field: HTMLElement) => {
  const init = { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true };
  flushSync(() => field.dispatchEvent(new KeyboardEvent('keydown', init)));
};

/**
 * Taps again, in order, the held controls React has hydrated, or their counterparts where the part was drawn
 * anew (all with `force`), and hands it what was typed into held fields; a control gone without a
 * counterpart is waited for, and dropped with `force`.
 */
const replayReady = (force: boolean) => {
  const ready: { next: HeldControl; control: HTMLElement | null; typed: string }[] = [];
  for (const next of held) {
    const control = next.control.isConnected ? next.control : counterpart(next);
    if (!force && (!control || !isHydrated(control))) break;
    // Read before any is handed over: the render that follows one would wipe what was typed in the others
    // of the same form (a controlled field is drawn with the app's value).
    ready.push({ next, control, typed: control && 'value' in control ? String(control.value) : '' });
  }
  held.splice(0, ready.length);
  for (const { next, control, typed } of ready) {
    if (!control) continue;
    if (next.kind === 'typed') replayTyped(control, typed);
    else if (next.kind === 'enter') pressEnter(control);
    else control.click();
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
  if (!isHeld(target, 'tap')) held.push({ control: target, kind: 'tap' });
  if (appStarted) watch();
};

const isHeld = (control: HTMLElement, kind: HeldControl['kind']) =>
  held.some((h) => h.control === control && h.kind === kind);

// A field typed into is noted (in order with the taps), the event left to go on: React, if the field's
// part has its code, hydrates the part on it and hands it to the app. Looked at again once the event is
// done: hydrated by then, it is held no more.
const noteTyped = (event: Event) => {
  const field = event.target instanceof HTMLElement ? event.target : null;
  if (!field?.matches(EARLY_TYPED_FIELDS) || !root?.contains(field) || isHeld(field, 'typed')) return;
  if (isHydrated(field)) return;
  const note: HeldControl = { control: field, kind: 'typed' };
  held.push(note);
  queueMicrotask(() => {
    if (isHydrated(field) && held.includes(note)) held.splice(held.indexOf(note), 1);
  });
  if (appStarted) watch();
};

// Enter in a message box React has not hydrated: the browser would add a line, and nothing would send it.
const holdEnter = (event: Event) => {
  const key = event as KeyboardEvent;
  const field = key.target instanceof HTMLElement ? key.target : null;
  if (key.key !== 'Enter' || key.shiftKey || key.isComposing) return;
  if (!field?.matches(ENTER_SENDS_FIELDS) || !root?.contains(field)) return;
  if (appStarted && isHydrated(field)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!isHeld(field, 'enter')) held.push({ control: field, kind: 'enter' });
  if (appStarted) watch();
};

/** The listeners on #root while taps are held. */
const LISTENERS: [string, (event: Event) => void][] = [
  ['click', hold],
  ['submit', hold],
  ['input', noteTyped],
  ['change', noteTyped],
  ['keydown', holdEnter],
];

/** Holds taps and form submits on `element` until the app has hydrated what was tapped. */
export function holdEarlyTaps(element: HTMLElement): void {
  root = element;
  appStarted = false;
  for (const [type, listener] of LISTENERS) element.addEventListener(type, listener, true);
  // What the page's inline catcher held before this code had loaded (common/early-taps.ts).
  const caught = (window as unknown as Record<string, CaughtTaps | undefined>)[EARLY_TAPS_GLOBAL];
  if (caught) {
    caught.stop();
    for (const h of caught.held) if (!isHeld(h.control, h.kind)) held.push(h);
  }
}

/** Stops holding and taps again whatever is still held (a part that never hydrated is tapped anyway). */
export function releaseEarlyTaps(): void {
  for (const [type, listener] of LISTENERS) root?.removeEventListener(type, listener, true);
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
