import { EARLY_TAP_CATCHER, EARLY_TAPS_GLOBAL } from '@common/early-taps';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyTaps, releaseEarlyTaps, replayEarlyTaps } from './early-taps';

afterEach(() => {
  releaseEarlyTaps();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** A server-rendered form with a save button, a tab and a link, before any app code has run. */
function serverPage() {
  document.body.innerHTML = `<div id="root"><form action="/profile"><button type="submit">Spara</button></form>
    <div role="tab">Mina evenemang</div><input role="combobox" aria-label="Betalningsstatus" readonly>
    <p>Text</p><a href="/events">Evenemang</a></div>`;
  const root = document.getElementById('root') as HTMLElement;
  const get = (selector: string) => root.querySelector(selector) as HTMLElement;
  return {
    root,
    save: get('button'),
    form: get('form'),
    tab: get('[role="tab"]'),
    select: get('[role="combobox"]'),
    text: get('p'),
    link: get('a'),
  };
}

/** React's fiber of the app's root (tag 3), committed. */
const hostRoot = { tag: 3, flags: 0, alternate: null, return: null };

/** A host element's fiber under the root, with React's flags (4096: still hydrating, not committed). */
const fiber = (flags = 0) => ({
  tag: 5,
  flags,
  alternate: null,
  return: { tag: 13, flags: 0, alternate: null, return: hostRoot },
});

/** What React DOM puts on an element it has hydrated (the key's suffix is random per React instance). */
const hydrate = (...elements: HTMLElement[]) => {
  for (const element of elements) Object.assign(element, { __reactFiber$abc123: fiber() });
};

describe('early taps (issue 33)', () => {
  it('holds a tap before the app has hydrated, sends no form, and taps again once it has', () => {
    const page = serverPage();
    holdEarlyTaps(page.root);
    const submitted = vi.fn();
    page.form.addEventListener('submit', submitted);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    page.form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    page.save.click();
    page.save.click();
    page.tab.click();
    // A select (Mantine's combobox input) opens on its click: an admin's first tap on a participant's
    // payment status.
    page.select.click();
    // The app's handlers, attached when it hydrates, get each tapped control once, in order.
    const seen: string[] = [];
    const name = (e: Event) =>
      (e.target as HTMLElement).textContent || (e.target as HTMLElement).getAttribute('aria-label');
    page.root.addEventListener('click', (e) => seen.push(name(e) ?? ''));
    hydrate(page.root, page.form, page.save, page.tab, page.select);
    replayEarlyTaps();
    expect(seen).toEqual(['Spara', 'Mina evenemang', 'Betalningsstatus']);
    // After the replay a hydrated control is held no more.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.tab.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('waits for a part still hydrating (its code loading) and holds new taps on it meanwhile', () => {
    vi.useFakeTimers();
    const page = serverPage();
    holdEarlyTaps(page.root);
    page.tab.click();
    const seen: string[] = [];
    page.root.addEventListener('click', (e) => seen.push((e.target as HTMLElement).textContent ?? ''));
    // The root has hydrated, the tab's part has not: a click now would reach server markup React drops.
    hydrate(page.root, page.form, page.save);
    replayEarlyTaps();
    expect(seen).toEqual([]);
    const again = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.tab.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);
    // A hydrated control answers at once.
    page.save.click();
    expect(seen).toEqual(['Spara']);
    hydrate(page.tab);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual(['Spara', 'Mina evenemang']);
  });

  it('holds a tap on a control React has given a fiber in a render it has not committed', () => {
    vi.useFakeTimers();
    const page = serverPage();
    holdEarlyTaps(page.root);
    page.tab.click();
    const clicked = vi.fn();
    page.tab.addEventListener('click', clicked);
    hydrate(page.root, page.form, page.save);
    // The tab's part is hydrating while a sibling's code loads: React drops a click there.
    Object.assign(page.tab, { __reactFiber$abc123: fiber(4096) });
    replayEarlyTaps();
    vi.advanceTimersByTime(100);
    expect(clicked).not.toHaveBeenCalled();
    hydrate(page.tab);
    vi.advanceTimersByTime(100);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('taps a part that never hydrates anyway after a while, then holds nothing', () => {
    vi.useFakeTimers();
    const page = serverPage();
    holdEarlyTaps(page.root);
    page.tab.click();
    const clicked = vi.fn();
    page.tab.addEventListener('click', clicked);
    replayEarlyTaps();
    vi.advanceTimersByTime(5_000);
    expect(clicked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(clicked).toHaveBeenCalledTimes(1);
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.tab.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it("takes over the taps the page's inline catcher held before this code had loaded", () => {
    const page = serverPage();
    // The catcher runs from the page's <head>, before any of the app's code (common/early-taps.ts).
    new Function(EARLY_TAP_CATCHER)();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    page.form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.tab.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.link.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    holdEarlyTaps(page.root);
    const seen: string[] = [];
    page.root.addEventListener('click', (e) => seen.push((e.target as HTMLElement).textContent ?? ''));
    hydrate(page.root, page.form, page.save, page.tab);
    replayEarlyTaps();
    expect(seen).toEqual(['Mina evenemang']);
    // The catcher has stopped: a tap on hydrated markup goes straight to the app.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.save.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
  });

  it('taps the counterpart of a control whose part the browser drew anew instead of hydrating it', () => {
    vi.useFakeTimers();
    const page = serverPage();
    holdEarlyTaps(page.root);
    page.tab.click();
    replayEarlyTaps();
    // The part is drawn anew (its data was not in the server's render): the held element is gone, a copy
    // of it takes its place.
    const copy = document.createElement('div');
    copy.setAttribute('role', 'tab');
    copy.textContent = 'Mina evenemang';
    const clicked = vi.fn();
    copy.addEventListener('click', clicked);
    page.tab.replaceWith(copy);
    hydrate(copy);
    vi.advanceTimersByTime(100);
    expect(clicked).toHaveBeenCalledTimes(1);
    releaseEarlyTaps();
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('leaves links, text and controls no longer on the page alone', () => {
    const page = serverPage();
    holdEarlyTaps(page.root);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.link.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const text = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.text.dispatchEvent(text);
    expect(text.defaultPrevented).toBe(false);
    page.tab.click();
    page.tab.remove();
    const clicked = vi.fn();
    page.tab.addEventListener('click', clicked);
    replayEarlyTaps();
    releaseEarlyTaps();
    expect(clicked).not.toHaveBeenCalled();
  });
});
