/**
 * Taps on a server-rendered page before the app has hydrated it (issue 33). A member's page shows its
 * buttons and forms as soon as the HTML arrives, a moment before the app's code has run: a tap then would be
 * lost, and a form's submit button would send the form as a plain GET. main.tsx holds such taps on #root
 * (each tapped control once, no form sent) and the app replays them once its tree has hydrated (an effect
 * of App), when every handler is attached. Links keep working as plain links.
 */
const CONTROLS = [
  'button',
  '[role="button"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="switch"]',
  'label',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'input[type="submit"]',
].join(', ');

const held: HTMLElement[] = [];
let root: HTMLElement | null = null;

// A held event is also kept from React's own listeners on #root (registered after this one): React would
// otherwise replay it once hydrated as well, and a toggle (a menu's button) tapped twice stays shut.
const hold = (event: Event) => {
  if (event.type === 'submit') {
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
  if (!target || !root?.contains(target)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!held.includes(target)) held.push(target);
};

/** Holds taps and form submits on `element` until `replayEarlyTaps()`. */
export function holdEarlyTaps(element: HTMLElement): void {
  root = element;
  element.addEventListener('click', hold, true);
  element.addEventListener('submit', hold, true);
}

/** Stops holding and taps again, in order, what was tapped meanwhile and is still on the page. */
export function replayEarlyTaps(): void {
  if (!root) return;
  root.removeEventListener('click', hold, true);
  root.removeEventListener('submit', hold, true);
  root = null;
  for (const element of held.splice(0)) if (element.isConnected) element.click();
}
