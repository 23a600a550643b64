import type { Locator, Page } from '@playwright/test';
import { expect, open, type Role, shoot, test, visualLaunchOptions } from './visual/fixtures';

/**
 * Visual regression (issue 26): each page as a member sees it, at 1280 and 390 px, compared with the
 * committed baseline in e2e/visual.spec.ts-snapshots/. A stylesheet that stops styling the buttons, a
 * layout that breaks at phone width, fails here. The site, its data, its clock and the browser's fonts
 * are fixed (e2e/visual/fixtures.ts), so the pictures are the same on every run and day.
 *
 * After an intended change of the look: `npm run test:visual -- --update`, look at the new PNGs, and
 * commit them with the change (README, 'Visual tests').
 */

test.use({ launchOptions: visualLaunchOptions });

/** The demo events the event pages show: upcoming with Pro and admin registered, and the one with ball groups. */
const TRIP = 'Golfhelg i Båstad';
const WITH_GROUPS = 'Golfdagar på Falsterbo';

async function eventPath(page: Page, title: string): Promise<string> {
  const events: { id: number; title: string }[] = await (await page.request.get('/api/events')).json();
  const event = events.find((e) => e.title === title);
  expect(event, `the demo event '${title}'`).toBeDefined();
  return `/events/${event?.id}`;
}

/** The page's own heading: the page has drawn its content, not a loading state. */
const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

interface Shot {
  name: string;
  role: Role;
  /** Opens the page and waits for its content. */
  visit: (page: Page) => Promise<void>;
  /** What differs on every run by design. */
  mask?: (page: Page) => Locator[];
}

const path =
  (target: string): Shot['visit'] =>
  (page) =>
    open(page, target, heading);

const shots: Shot[] = [
  { name: 'landing', role: 'visitor', visit: path('/') },
  { name: 'events', role: 'visitor', visit: path('/events') },
  { name: 'event-visitor', role: 'visitor', visit: async (page) => path(await eventPath(page, TRIP))(page) },
  { name: 'login', role: 'visitor', visit: path('/api/login') },
  { name: 'signup', role: 'visitor', visit: path('/api/login?screen=signup') },
  { name: 'home-member', role: 'pro', visit: path('/') },
  { name: 'event-member', role: 'pro', visit: async (page) => path(await eventPath(page, TRIP))(page) },
  { name: 'members', role: 'pro', visit: path('/members') },
  { name: 'messages', role: 'pro', visit: path('/messages') },
  {
    name: 'profile',
    role: 'pro',
    visit: path('/profile'),
    // The personal calendar feed's address holds a random token, made on the first visit.
    mask: (page) => [page.getByRole('textbox', { name: 'Kalenderlänk' })],
  },
  { name: 'subscription', role: 'free', visit: path('/subscription') },
  { name: 'admin-dashboard', role: 'admin', visit: path('/') },
  { name: 'admin-members', role: 'admin', visit: path('/admin/members') },
  { name: 'event-admin', role: 'admin', visit: async (page) => path(await eventPath(page, TRIP))(page) },
  {
    name: 'event-admin-ball-groups',
    role: 'admin',
    visit: async (page) =>
      open(page, await eventPath(page, WITH_GROUPS), async () => {
        await page.getByRole('tab', { name: 'Bollgrupper' }).click();
        // By name: the groups' own tabs (Boll 1, Boll 2 …) have panels too.
        await expect(page.getByRole('tabpanel', { name: 'Bollgrupper' })).toBeVisible();
      }),
  },
];

for (const width of [1280, 390]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });
    for (const shot of shots) {
      test.describe(() => {
        test.use({ role: shot.role });
        test(`${shot.name} (${shot.role})`, async ({ page }) => {
          await shot.visit(page);
          await shoot(page, shot.name, shot.mask?.(page));
        });
      });
    }
  });
}
