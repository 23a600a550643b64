import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyTaps, replayEarlyTaps } from './early-taps';

afterEach(() => {
  replayEarlyTaps();
  document.body.innerHTML = '';
});

/** A server-rendered form with a save button, a tab and a link, before any app code has run. */
function serverPage() {
  document.body.innerHTML = `<div id="root"><form action="/profile"><button type="submit">Spara</button></form>
    <div role="tab">Mina evenemang</div><p>Text</p><a href="/events">Evenemang</a></div>`;
  const root = document.getElementById('root') as HTMLElement;
  const get = (selector: string) => root.querySelector(selector) as HTMLElement;
  return {
    root,
    save: get('button'),
    form: get('form'),
    tab: get('[role="tab"]'),
    text: get('p'),
    link: get('a'),
  };
}

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
    // The app's handlers, attached when it hydrates, get each tapped control once, in order.
    const seen: string[] = [];
    page.root.addEventListener('click', (e) => seen.push((e.target as HTMLElement).textContent ?? ''));
    replayEarlyTaps();
    expect(seen).toEqual(['Spara', 'Mina evenemang']);
    // After the replay nothing is held any more.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.tab.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
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
    expect(clicked).not.toHaveBeenCalled();
  });
});
