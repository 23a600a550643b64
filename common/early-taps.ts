/**
 * Taps on a server-rendered page before the app's code has run (issue 33), shared by the page's inline
 * catcher (written here, put in <head> by the server, allowed by its hash in the CSP) and the app's
 * client/lib/early-taps.ts, which takes what the catcher held once main.tsx runs.
 */

/** The controls whose taps are held and replayed: what a tap acts on without being a link. */
export const EARLY_TAP_CONTROLS = [
  'button',
  '[role="button"]',
  '[role="combobox"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="switch"]',
  'label',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'input[type="submit"]',
].join(', ');

/**
 * The fields a member types into or chooses in (their `input` or `change` event): text typed before React
 * has hydrated the field stays in the field but never reaches the app's state, so it is handed to the app
 * once it has (client/lib/early-taps.ts). Checkboxes and radios are taps.
 */
export const EARLY_TYPED_FIELDS = [
  'textarea',
  'select',
  'input:not([type="checkbox"]):not([type="radio"]):not([type="submit"]):not([type="button"]):not([type="reset"]):not([type="hidden"])',
].join(', ');

/**
 * The fields where Enter sends (the message boxes: client/features/messages/components/message-input.tsx, which
 * says so to the phone's keyboard too). Enter pressed there before React has hydrated the field would add a
 * line and send nothing: it is held, and pressed again once it has.
 */
export const ENTER_SENDS_FIELDS = 'textarea[enterkeyhint="send"]';

/** Where the catcher leaves what it held, for the app (client/lib/early-taps.ts). */
export const EARLY_TAPS_GLOBAL = '__sgEarlyTaps';

/** A held control: tapped (`tap`), a field typed into (`typed`), or Enter pressed in a field where it sends. */
export interface HeldControl {
  control: HTMLElement;
  kind: 'tap' | 'typed' | 'enter';
}

/** What the catcher leaves on `window[EARLY_TAPS_GLOBAL]`. */
export interface CaughtTaps {
  /** The tapped controls and the fields typed into, each once, in order. */
  held: HeldControl[];
  /** Removes the catcher's listeners (the app holds taps from then on). */
  stop: () => void;
}

/**
 * The inline script in a server-rendered page's <head>. It runs before the markup is parsed, so no tap on
 * the painted page is lost while the app's module scripts load (under load that took up to a second, and
 * the tap went to markup nobody listened to): a tap on a control in #root is held, a form is not sent, a
 * field typed into is noted, and Enter in a field where it sends is held (no line added).
 * Plain ES5; the CSP allows exactly this text (its SHA-256), so any change to it changes the hash with it.
 */
export const EARLY_TAP_CATCHER = `(function(){var held=[];function has(t,kind){for(var i=0;i<held.length;i++)if(held[i].control===t&&held[i].kind===kind)return true;return false}function inRoot(t){var root=document.getElementById('root');return root&&t instanceof Element&&root.contains(t)}function hold(e){var t=e.target;if(!inRoot(t))return;if(e.type==='click'){t=t.closest(${JSON.stringify(EARLY_TAP_CONTROLS)});if(!t)return;if(!has(t,'tap'))held.push({control:t,kind:'tap'})}e.preventDefault();e.stopImmediatePropagation()}function type(e){var t=e.target;if(inRoot(t)&&t.matches(${JSON.stringify(EARLY_TYPED_FIELDS)})&&!has(t,'typed'))held.push({control:t,kind:'typed'})}function enter(e){var t=e.target;if(e.key!=='Enter'||e.shiftKey||e.isComposing||!inRoot(t)||!t.matches(${JSON.stringify(ENTER_SENDS_FIELDS)}))return;e.preventDefault();if(!has(t,'enter'))held.push({control:t,kind:'enter'})}var on=[['click',hold],['submit',hold],['input',type],['change',type],['keydown',enter]];for(var i=0;i<on.length;i++)document.addEventListener(on[i][0],on[i][1],true);window.${EARLY_TAPS_GLOBAL}={held:held,stop:function(){for(var i=0;i<on.length;i++)document.removeEventListener(on[i][0],on[i][1],true)}}})();`;
