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

/** Where the catcher leaves what it held, for the app (client/lib/early-taps.ts). */
export const EARLY_TAPS_GLOBAL = '__sgEarlyTaps';

/** What the catcher leaves on `window[EARLY_TAPS_GLOBAL]`. */
export interface CaughtTaps {
  /** The tapped controls, each once, in order. */
  held: HTMLElement[];
  /** Removes the catcher's listeners (the app holds taps from then on). */
  stop: () => void;
}

/**
 * The inline script in a server-rendered page's <head>. It runs before the markup is parsed, so no tap on
 * the painted page is lost while the app's module scripts load (under load that took up to a second, and
 * the tap went to markup nobody listened to): a tap on a control in #root is held, a form is not sent.
 * Plain ES5; the CSP allows exactly this text (its SHA-256), so any change to it changes the hash with it.
 */
export const EARLY_TAP_CATCHER = `(function(){var held=[];function hold(e){var root=document.getElementById('root');var t=e.target;if(!root||!(t instanceof Element)||!root.contains(t))return;if(e.type==='click'){t=t.closest(${JSON.stringify(EARLY_TAP_CONTROLS)});if(!t)return;if(held.indexOf(t)<0)held.push(t)}e.preventDefault();e.stopImmediatePropagation()}document.addEventListener('click',hold,true);document.addEventListener('submit',hold,true);window.${EARLY_TAPS_GLOBAL}={held:held,stop:function(){document.removeEventListener('click',hold,true);document.removeEventListener('submit',hold,true)}}})();`;
