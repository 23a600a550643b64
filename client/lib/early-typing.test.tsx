import { type CaughtTaps, EARLY_TAP_CATCHER, EARLY_TAPS_GLOBAL } from '@common/early-taps';
import { lazy, Suspense, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyTaps, releaseEarlyTaps, replayEarlyTaps } from './early-taps';

// Text typed before React hydrated the field (issue 33), with React itself: its value tracker and its
// hydration of a Suspense part whose code arrives late are what the replay has to get past. (A native select
// is left to the browser's journeys: happy-dom's select keeps no property React sets on it.)

let app: Root | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  releaseEarlyTaps();
  document.body.innerHTML = '';
  // A catcher a failed test left listening would hold the next test's events too.
  const caught = (window as unknown as Record<string, CaughtTaps | undefined>)[EARLY_TAPS_GLOBAL];
  caught?.stop();
  delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
});

/** A message box with a subject and a send button, as the server renders them (empty). */
function MessageBox({ sent }: { sent: string[] }) {
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  return (
    <form>
      <textarea
        aria-label="Meddelande"
        value={text}
        onChange={(e) => setText(e.target.value)}
        enterKeyHint="send"
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.shiftKey) return;
          e.preventDefault();
          sent.push(`${subject}/${text}`);
        }}
      />
      <input aria-label="Ämne" value={subject} onChange={(e) => setSubject(e.target.value)} />
      <button type="button" onClick={() => sent.push(`${subject}/${text}`)}>
        Skicka
      </button>
      <output>{`${subject}/${text}`}</output>
    </form>
  );
}

/** The page: the box in a part of its own whose code is still loading until `arrive` is called. */
function setUp() {
  const sent: string[] = [];
  const markup = renderToString(
    <Suspense fallback={null}>
      <MessageBox sent={sent} />
    </Suspense>,
  );
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  const root = document.getElementById('root') as HTMLElement;
  let arrive = () => {};
  const code = new Promise<{ default: typeof MessageBox }>((resolve) => {
    arrive = () => resolve({ default: MessageBox });
  });
  const LateBox = lazy(() => code);
  let started = false;
  function App() {
    useEffect(() => {
      started = true;
      replayEarlyTaps();
    }, []);
    return (
      <Suspense fallback={null}>
        <LateBox sent={sent} />
      </Suspense>
    );
  }
  const box = root.querySelector('textarea') as HTMLTextAreaElement;
  const subject = root.querySelector('input') as HTMLInputElement;
  const send = root.querySelector('button') as HTMLButtonElement;
  // As a keyboard does it: the value changes past the setter React watches, then the input event.
  const typeInto = (field: HTMLInputElement | HTMLTextAreaElement, text: string) => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const type = (text: string) => typeInto(box, text);
  const title = (text: string) => typeInto(subject, text);
  // As the browser runs it: React's own scheduler, no act() (what is awaited is what a member would see).
  const hydrate = async () => {
    app = hydrateRoot(root, <App />);
    await vi.waitFor(() => expect(started).toBe(true));
  };
  const shown = () => root.querySelector('output')?.textContent;
  /** Enter in the box; answers whether the browser may still add its line (the event was not held). */
  const enter = (shiftKey = false) =>
    box.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', shiftKey, bubbles: true, cancelable: true }),
    );
  return { root, sent, type, title, send, hydrate, arrive, shown, enter };
}

describe('text typed before the field hydrated (issue 33)', () => {
  it('reaches the app once React has hydrated the field, before the send tapped after it', async () => {
    const page = setUp();
    holdEarlyTaps(page.root);
    await page.hydrate();
    // The root has hydrated, the box's part has not (its code is loading): React cannot hand it the text.
    page.title('Golf');
    page.type('Hej Frida');
    page.send.click();
    expect(page.sent).toEqual([]);
    await page.arrive();
    await vi.waitFor(() => expect(page.sent).toEqual(['Golf/Hej Frida']));
    expect(page.shown()).toBe('Golf/Hej Frida');
    // Typing on goes on from the whole text, and nothing is handed over twice.
    page.type('Hej Frida!');
    await vi.waitFor(() => expect(page.shown()).toBe('Golf/Hej Frida!'));
    page.send.click();
    expect(page.sent).toEqual(['Golf/Hej Frida', 'Golf/Hej Frida!']);
  });

  it('sends with an Enter pressed before the box hydrated, once it has, and adds no line', async () => {
    const page = setUp();
    holdEarlyTaps(page.root);
    await page.hydrate();
    page.type('Hej');
    // Shift+Enter adds a line as always; Enter is held (no line) until the box can send.
    expect(page.enter(true)).toBe(true);
    expect(page.enter()).toBe(false);
    expect(page.sent).toEqual([]);
    await page.arrive();
    await vi.waitFor(() => expect(page.sent).toEqual(['/Hej']));
    // Once hydrated, Enter goes straight to the box.
    expect(page.enter()).toBe(false);
    expect(page.sent).toEqual(['/Hej', '/Hej']);
  });

  it("holds an Enter the page's inline catcher saw before the app's code had loaded", async () => {
    const page = setUp();
    new Function(EARLY_TAP_CATCHER)();
    page.type('Först');
    expect(page.enter()).toBe(false);
    holdEarlyTaps(page.root);
    await page.hydrate();
    await page.arrive();
    await vi.waitFor(() => expect(page.sent).toEqual(['/Först']));
  });

  it("takes over what the page's inline catcher noted before the app's code had loaded", async () => {
    const page = setUp();
    new Function(EARLY_TAP_CATCHER)();
    page.type('Tidigt');
    page.send.click();
    holdEarlyTaps(page.root);
    await page.hydrate();
    await page.arrive();
    await vi.waitFor(() => expect(page.sent).toEqual(['/Tidigt']));
    expect(page.shown()).toBe('/Tidigt');
  });
});
