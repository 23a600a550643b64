import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_EVENT_TITLES } from '../server/seed/demo-events';
import { linkIn, waitForEmail } from './mailbox';

/** What a journey may call to accept a console error it causes on purpose (see `test` below). */
export interface ConsoleGuard {
  /** Accepts the errors matching `pattern` in this test only; `reason` says why they are expected. */
  allow(pattern: RegExp, reason: string): void;
}

/**
 * The browser's log of an issuer page answered with a 4xx status (a refused login, a used link): a journey
 * that causes one on purpose allows it with this pattern and its reason.
 */
export const ISSUER_REFUSAL = /status of 4\d\d [^)]*\) \(http:\/\/[^/]+\/idp\//;

/**
 * Playwright's `test` with one automatic fixture (issue 26): every page of every browser context the test
 * opens (its own `page`, and contexts made with `browser.newContext()`) is watched, and the test fails at
 * its end on any `console.error` — a failed request the browser logs ('Failed to load resource: … 401')
 * included — or any uncaught page error, unless the test allowed it with `consoleErrors.allow(pattern,
 * reason)`. A normal state must never show as an error in the console.
 */
export const test = base.extend<{ consoleErrors: ConsoleGuard }>({
  consoleErrors: [
    async ({ context, browser }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watchPage = (page: Page) => {
        page.on('console', (m) => {
          if (m.type() !== 'error') return;
          const where = m.location().url ? ` (${m.location().url})` : '';
          errors.push(`console.error on ${page.url()}: ${m.text()}${where}`);
        });
        page.on('pageerror', (e) => errors.push(`page error on ${page.url()}: ${e.message}`));
      };
      const watchContext = (c: BrowserContext) => {
        for (const p of c.pages()) watchPage(p);
        c.on('page', watchPage);
      };
      watchContext(context);
      // Contexts the test makes itself (several members at once): watched too, for this test only.
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const c = await newContext.apply(browser, args);
        watchContext(c);
        return c;
      };
      try {
        await use({
          allow: (pattern, reason) => {
            if (!reason.trim()) throw new Error('consoleErrors.allow needs a reason');
            allowed.push(pattern);
          },
        });
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)));
      expect(unexpected, 'console errors or page errors during the journey').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export const PASSWORD = 'golf1234';
export const ADMIN = 'admin@singelgolf.test';
export const PRO = 'pro@singelgolf.test';
export const FREE = 'free@singelgolf.test';

/** Logs in through the real login form of the built-in issuer and waits for the avatar in the header. */
export async function loginAs(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/api/login');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  // exact: the page also offers 'Logga in med nyckel' (passkeys) where the browser has WebAuthn.
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await waitUntilLoggedIn(page);
}

/** Waits until the browser is back on the site with the avatar in the header. */
export async function waitUntilLoggedIn(page: Page): Promise<void> {
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/api'), {
    timeout: 30_000,
  });
  // The header's member side is a part of its own: on a busy machine (CI's two cores) it may take longer
  // than the default wait to load after the page.
  await expect(page.getByRole('button', { name: 'Användarmeny' })).toBeVisible({ timeout: 30_000 });
}

export interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A fresh, unique e-mail address for a member signed up by a journey. */
export const uniqueEmail = (name: string) =>
  `${name.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.se`;

/**
 * Signs a new member up through the real sign-up form, as a person does: 'Kolla din e-post', the
 * e-mail 'Bekräfta din e-postadress' in the journeys' mailbox, its link, 'Bekräfta', logged in on
 * the site.
 */
export async function signUp(page: Page, member: NewMember): Promise<void> {
  await page.goto('/api/login?screen=signup');
  await expect(page.getByRole('heading', { name: 'Bli medlem' })).toBeVisible();
  await page.getByLabel('Förnamn').fill(member.firstName);
  await page.getByLabel('Efternamn').fill(member.lastName);
  await page.getByLabel('E-post').fill(member.email);
  await page.getByLabel('Lösenord').fill(member.password);
  await page.getByRole('checkbox', { name: /Jag godkänner villkoren/ }).check();
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  // Hashing the password (memory-hard) takes a while on a busy machine.
  await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible({ timeout: 30_000 });
  await confirmSignUpEmail(page, member.email);
}

/** Opens the newest unread 'Bekräfta din e-postadress' e-mail's link and confirms: logged in on the site. */
export async function confirmSignUpEmail(page: Page, email: string): Promise<void> {
  const mail = await waitForEmail(email, 'Bekräfta din e-postadress');
  await page.goto(linkIn(mail, '/idp/verify/'));
  await expect(page.getByRole('heading', { name: 'Bekräfta din e-postadress' })).toBeVisible();
  await page.getByRole('button', { name: 'Bekräfta', exact: true }).click();
  await waitUntilLoggedIn(page);
}

/**
 * For a journey with several members at once: answers `member(browser, email)`, which opens a
 * phone-sized, logged-in page in a browser context of its own and answers the page and the member's id.
 * The contexts are closed after each test of the calling file: a page left open would keep its socket
 * and its open thread, and read messages meant for the next journey's pages of the same member.
 */
export function memberPages() {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  return async function member(browser: Browser, email: string): Promise<{ page: Page; id: string }> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const page = await context.newPage();
    await loginAs(page, email);
    const me = await (await page.request.get('/api/auth/user')).json();
    return { page, id: me.id as string };
  };
}

/** True when the page is wider than the viewport (horizontal scroll). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Waits until the app has hydrated `control` on a server-rendered page (React's props are on it). A tap before
 * then is held and replayed, but a file set on an input (setInputFiles) is not a tap: it would be lost. On a
 * 4× slowed CPU beside another worker's journeys hydrating took over 20 s.
 */
export async function hydrated(control: Locator): Promise<void> {
  await expect
    .poll(() => control.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))), {
      timeout: 45_000,
    })
    .toBe(true);
}

/**
 * Picks an option of a Mantine Select by its label. A click that lands outside the open list (the page
 * still laying out sections that load, on a slow machine) closes it: then the list is opened again.
 */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  const item = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await item.isVisible())) await box.click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(box).toHaveValue(option);
}

/**
 * One of the demo events the journeys open, whatever the season made of it (server/seed/demo-events.ts):
 * `fullTrip` the full weekend trip with a reserve list (pro@ and the admin registered), `withGroups` the
 * trip going on now with ball groups, `competition` the competition with 14 registered.
 */
export async function demoEvent(
  page: Page,
  role: keyof typeof DEMO_EVENT_TITLES,
): Promise<{ id: number; title: string }> {
  const events = (await (await page.request.get('/api/events')).json()) as { id: number; title: string }[];
  const event = events.find((e) => DEMO_EVENT_TITLES[role].includes(e.title));
  expect(event, `the demo event '${role}' (${DEMO_EVENT_TITLES[role].join(' / ')})`).toBeDefined();
  return event!;
}

/**
 * A page's path with its placeholders filled from the demo data: `{event}` an upcoming event, `{groups}`
 * the event with ball groups (`demoEvent` 'withGroups'), `{scored}` the scored round, `{member}` a member of the
 * directory's first page.
 */
export async function fillPagePath(page: Page, path: string): Promise<string> {
  if (!path.includes('{')) return path;
  const events = (await (await page.request.get('/api/events')).json()) as {
    id: number;
    title: string;
    startTime: string;
  }[];
  const upcoming = events.find((e) => Date.parse(e.startTime) > Date.now()) ?? events[0];
  const groups = events.find((e) => DEMO_EVENT_TITLES.withGroups.includes(e.title)) ?? upcoming;
  let filled = path.replace('{event}', String(upcoming.id)).replace('{groups}', String(groups.id));
  if (filled.includes('{scored}')) {
    // The demo's scored round (server/seed/demo-scores.ts): the newest ended event with a leaderboard.
    const ended = events.filter((e) => Date.parse(e.startTime) < Date.now()).reverse();
    let scored: number | undefined;
    for (const e of ended) {
      if ((await page.request.get(`/api/events/${e.id}/leaderboard`)).ok()) {
        scored = e.id;
        break;
      }
    }
    expect(scored, 'the demo’s scored round').toBeDefined();
    filled = filled.replace('{scored}', String(scored));
  }
  if (filled.includes('{member}')) {
    const members = (await (await page.request.get('/api/users?limit=5')).json()) as
      | { id: string }[]
      | {
          items: { id: string }[];
        };
    const list = Array.isArray(members) ? members : members.items;
    filled = filled.replace('{member}', list[list.length - 1].id);
  }
  return filled;
}
