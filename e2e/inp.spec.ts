import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { CPU_SLOWDOWN } from './chromium';
import { ADMIN, expect, FREE, hydrated, loginAs, PRO, test } from './support';

// Issue 33: how fast the interactions members repeat answer on screen, as Chromium's Event Timing API
// measures them (what INP is made of): send a message, open a conversation, register for an event, save
// the profile, on a CPU slowed 4× (CDP Emulation.setCPUThrottlingRate). Each figure is the longest
// interaction (event entries with an interactionId, durationThreshold 16 ms) between the tap and what it
// shows. INP_RESULTS=1 writes the figures to bench/results/inp.json.

/**
 * The bound the journey holds each interaction to. The goal is 200 ms; this bound is what the
 * figures on this shared 2-core machine stay well within (a tap that hangs the page for a second fails).
 */
const BOUND_MS = 1000;
const DAY = 86_400_000;

/** One Event Timing entry as the page recorded it. */
interface EventEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

interface Figure {
  interaction: string;
  /** The longest interaction's duration (ms; Event Timing rounds to 8 ms); below 16 ms none is reported. */
  inpMs: number;
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
  entries: number;
}

declare global {
  interface Window {
    __eventEntries?: EventEntry[];
  }
}

/** A logged-in page on a 4× slowed CPU that records every Event Timing entry of 16 ms and more. */
async function slowPageAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => {
    window.__eventEntries = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        window.__eventEntries?.push({
          name: e.name,
          interactionId: e.interactionId,
          startTime: e.startTime,
          duration: e.duration,
          inputDelay: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
          presentation: e.startTime + e.duration - e.processingEnd,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  await loginAs(page, email);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/**
 * Taps through `act`, waits for `shown`, and answers the longest interaction that happened in between (the
 * entries come after the next paint; a moment's wait lets them arrive).
 */
async function measure(
  page: Page,
  interaction: string,
  act: () => Promise<void>,
  shown: () => Promise<void>,
) {
  const from = await page.evaluate(() => performance.now());
  await act();
  await shown();
  await page.waitForTimeout(500);
  const entries = await page.evaluate(
    (t) => (window.__eventEntries ?? []).filter((e) => e.interactionId > 0 && e.startTime >= t),
    from,
  );
  const longest = entries.reduce<EventEntry | null>((a, e) => (!a || e.duration > a.duration ? e : a), null);
  const round = (n: number | undefined) => Math.round(n ?? 0);
  const figure: Figure = {
    interaction,
    inpMs: round(longest?.duration),
    inputDelayMs: round(longest?.inputDelay),
    processingMs: round(longest?.processing),
    presentationMs: round(longest?.presentation),
    entries: entries.length,
  };
  return figure;
}

async function createEvent(request: APIRequestContext, baseURL: string, title: string): Promise<number> {
  const start = new Date(Date.now() + 25 * DAY);
  const res = await request.post('/api/events', {
    headers: { origin: baseURL },
    data: {
      title,
      location: 'Ullna GK',
      description: 'Ett evenemang för mätningen av svarstider.',
      maxParticipants: 16,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 5 * 3_600_000).toISOString(),
      registrationDeadline: null,
      status: 'upcoming',
      registrationFee: 0,
      greenFee: 300,
      greenFeeIncluded: false,
      coffeeIncluded: true,
      lunchIncluded: false,
      imageId: null,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as number;
}

test('a member’s repeated interactions answer on screen on a 4× slowed CPU (INP, issue 33)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const figures: Figure[] = [];
  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  const title = `Svarstider ${Date.now()}`;
  const eventId = await createEvent(admin.request, baseURL as string, title);
  const frida = await (await browser.newContext()).newPage();
  await loginAs(frida, FREE);
  const fridaId = ((await (await frida.request.get('/api/auth/user')).json()) as { id: string }).id;

  const page = await slowPageAs(browser, PRO);

  // Send a message: Enter in the thread's input, until the message shows in the thread.
  await page.goto(`/messages?recipient=${fridaId}`);
  const input = page.getByPlaceholder('Skriv ett meddelande…');
  await hydrated(input);
  const text = `Ses vi på rangen? ${Date.now()}`;
  await input.fill(text);
  figures.push(
    await measure(
      page,
      'send a message',
      () => input.press('Enter'),
      () => expect(page.getByLabel('Meddelanden i konversationen').getByText(text)).toBeVisible(),
    ),
  );

  // Open a conversation: from the list, until its thread shows.
  await page.goto('/messages');
  const row = page.getByRole('button', { name: /Frida/ }).first();
  await hydrated(row);
  figures.push(
    await measure(
      page,
      'open a conversation',
      () => row.click(),
      () => expect(page.getByLabel('Meddelanden i konversationen').getByText(text)).toBeVisible(),
    ),
  );

  // Register for an event: 'Anmäl dig' opens the dialog, 'Slutför anmälan' registers.
  await page.goto(`/events/${eventId}`);
  const register = page.getByRole('button', { name: 'Anmäl dig' });
  await hydrated(register);
  const dialog = page.getByRole('dialog', { name: `Anmäl dig till ${title}` });
  figures.push(
    await measure(
      page,
      'open the registration',
      () => register.click(),
      () => expect(dialog).toBeVisible(),
    ),
  );
  figures.push(
    await measure(
      page,
      'register for an event',
      () => dialog.getByRole('button', { name: 'Slutför anmälan' }).click(),
      () => expect(page.getByRole('alert').filter({ hasText: 'Du är anmäld' })).toBeVisible(),
    ),
  );

  // Save the profile: 'Spara ändringar' with a changed field, until the notice says it is saved.
  await page.goto('/profile');
  const save = page.getByRole('button', { name: 'Spara ändringar' });
  await hydrated(save);
  const profession = page.getByLabel('Yrke');
  const before = await profession.inputValue();
  await profession.fill(`${before}.`);
  figures.push(
    await measure(
      page,
      'save the profile',
      () => save.click(),
      () => expect(page.getByText('Profilen har uppdaterats').first()).toBeVisible(),
    ),
  );
  // The demo member's profession as it was.
  await profession.fill(before);
  await save.click();
  await expect(page.getByText('Profilen har uppdaterats').first()).toBeVisible();

  console.table(figures);
  if (process.env.INP_RESULTS) {
    const file = path.join(import.meta.dirname, '..', 'bench', 'results', 'inp.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const results = {
      name: 'inp',
      at: new Date().toISOString(),
      cpuSlowdown: CPU_SLOWDOWN,
      durationThresholdMs: 16,
      note: 'Longest Event Timing interaction per step (Chromium, desktop viewport, 4x CPU throttling); 0 = none of 16 ms or more',
      rows: figures,
    };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  }
  // Every step was measured (the observer ran: at least the dialog's opening takes 16 ms on a slowed CPU)
  // and none hung the page.
  expect(figures.reduce((n, f) => n + f.entries, 0)).toBeGreaterThan(0);
  for (const f of figures) expect(f.inpMs, f.interaction).toBeLessThan(BOUND_MS);
});
