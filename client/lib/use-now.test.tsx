import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityTime } from '../features/admin/lib/dashboard-format';
import { RenderedAtProvider, useClock, useNow } from './use-now';

// React's act() outside Testing Library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.useRealTimers());

const ACTIVITY_AT = '2026-06-12T08:00:00.000Z';
const RENDERED_AT = Date.parse('2026-06-12T08:00:30.000Z');

/** Clock-dependent text as the admin dashboard draws it: 'för några sekunder sedan', 'för 2 minuter sedan'. */
function Ago() {
  return <p>{activityTime(ACTIVITY_AT, useNow())}</p>;
}

const page = (renderedAt: number | null) => (
  <RenderedAtProvider renderedAt={renderedAt}>
    <Ago />
  </RenderedAtProvider>
);

/** The server's markup, hydrated two minutes later (a slow phone): the recoverable errors React reports. */
async function hydrateLater(renderedAt: number | null) {
  vi.useFakeTimers({ now: RENDERED_AT, toFake: ['Date'] });
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(RENDERED_AT));
  const serverText = container.textContent;
  vi.setSystemTime(RENDERED_AT + 120_000);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page(renderedAt), { onRecoverableError: (error) => errors.push(error) });
  });
  return { serverText, errors, text: container.textContent };
}

describe('useNow', () => {
  it('hydrates clock-dependent text from the server’s render time, then draws it from the clock', async () => {
    const { serverText, errors, text } = await hydrateLater(RENDERED_AT);
    expect(serverText).toBe('för några sekunder sedan');
    expect(errors).toEqual([]);
    // Once hydrated, the same text from the clock.
    expect(text).toBe('för 3 minuter sedan');
  });

  it('is a mismatch without the render time (what the dashboard did before)', async () => {
    const { errors } = await hydrateLater(null);
    expect(errors.length).toBeGreaterThan(0);
  });
});

/** A part that asks the clock one question, counting its renders. */
function Started({ at, renders }: { at: number; renders: number[] }) {
  const started = useClock((now) => at <= now);
  renders.push(1);
  return <p>{started ? 'Har börjat' : 'Har inte börjat'}</p>;
}

async function hydrateClock(at: number) {
  vi.useFakeTimers({ now: RENDERED_AT, toFake: ['Date'] });
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <RenderedAtProvider renderedAt={RENDERED_AT}>
      <Started at={at} renders={[]} />
    </RenderedAtProvider>,
  );
  vi.setSystemTime(RENDERED_AT + 120_000);
  const renders: number[] = [];
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <RenderedAtProvider renderedAt={RENDERED_AT}>
        <Started at={at} renders={renders} />
      </RenderedAtProvider>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return { errors, renders: renders.length, text: container.textContent };
}

describe('useClock', () => {
  it('hydrates from the render time and draws the part again when the clock’s answer differs', async () => {
    const { errors, renders, text } = await hydrateClock(RENDERED_AT + 60_000);
    expect(errors).toEqual([]);
    expect(text).toBe('Har börjat');
    expect(renders).toBe(2);
  });

  it('draws the part once when the answer is the same', async () => {
    const { errors, renders, text } = await hydrateClock(RENDERED_AT + 600_000);
    expect(errors).toEqual([]);
    expect(text).toBe('Har inte börjat');
    expect(renders).toBe(1);
  });
});
