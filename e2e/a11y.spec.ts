import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, expect, FREE, fillPagePath, hasHorizontalScroll, loginAs, PRO, test } from './support';

/**
 * WCAG 2.2 AA (issue 18): every page each role reaches, at a desktop and a phone width, has no serious
 * or critical axe-core violation and no horizontal scroll. One login per role; the figures per page are
 * attached to the report ('axe totals').
 */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * The rules axe-core (4.13, the copy @axe-core/playwright runs) tags 'experimental' that map to a WCAG 2.x
 * A/AA success criterion: a tag run leaves them out, so they are switched on by name (issue 26); and
 * target-size (2.5.8), off by default. Each must have run on every page (checked below).
 */
const EXTRA_RULES = [
  'css-orientation-lock', // 1.3.4 Orientation
  'label-content-name-mismatch', // 2.5.3 Label in Name
  'p-as-heading', // 1.3.1 Info and Relationships
  'table-fake-caption', // 1.3.1
  'td-has-header', // 1.3.1
  'target-size', // 2.5.8 Target Size (Minimum)
  // Best practice for 1.3.1, moderate in axe but counted by Lighthouse's accessibility score: no heading
  // level skipped (the event cards on /events were h3 under the page's h1). Fails the journey like a serious one.
  'heading-order',
];

type Role = 'visitor' | 'free' | 'pro' | 'admin';
const LOGIN: Record<Exclude<Role, 'visitor'>, string> = { free: FREE, pro: PRO, admin: ADMIN };

/**
 * The pages of each role (`{event}`: an upcoming event of the demo data, `{groups}`: the demo event with
 * ball groups, `{scored}`: the demo's scored round, `{member}`: another member). Every tab of a page is checked too.
 */
const PAGES: Record<Role, string[]> = {
  visitor: [
    '/',
    '/events',
    '/events/{event}',
    '/integritetspolicy',
    '/sakerhetstips',
    '/villkor',
    '/avstangd',
    '/sidan-finns-inte',
    '/subscription',
    '/api/login',
    '/api/login?screen=signup',
  ],
  free: [
    '/',
    '/events',
    '/events/{event}',
    '/members',
    '/messages',
    '/messages/{member}',
    '/profile',
    '/notifications',
    '/subscribe',
    '/subscription',
  ],
  pro: [
    '/',
    '/events',
    '/events/{event}',
    '/members',
    '/messages',
    '/messages/{member}',
    '/profile',
    '/notifications',
    '/subscription',
    '/events/{scored}/leaderboard',
  ],
  admin: [
    '/',
    '/events',
    '/events/{event}',
    '/events/{groups}',
    '/events/{scored}/leaderboard',
    '/events/new',
    '/members',
    '/messages',
    '/profile',
    '/notifications',
    '/subscription',
    '/admin/members',
    '/admin/email',
    '/admin/audit',
    '/admin/reports',
    '/admin/statistik',
    '/admin/courses',
    '/admin/courses/new',
  ],
};

/** The pages whose tabs are checked one by one too. */
const WITH_TABS = new Set(['/', '/events', '/events/{event}', '/events/{groups}']);

interface PageResult {
  role: Role;
  width: string;
  path: string;
  serious: number;
  critical: number;
  moderate: number;
  minor: number;
  /** Headings that skip a level (axe heading-order). */
  headingOrder: number;
  rules: string[];
  horizontalScroll: boolean;
  /** Strings of the old English interface found on the page (text, placeholders, labels). */
  english: string[];
}

/** The English strings the tour of issue 18 found; none may come back. */
const OLD_ENGLISH = [
  'Welcome',
  'Your Golf Profile',
  'Not set',
  'Update Profile',
  'Overview',
  'Settings',
  'Upcoming',
  'Waitlisted',
  'View Details',
  'No upcoming events',
  'Select a conversation',
  'Type a message',
  'Create Event',
  'Update Event',
  'Event created',
  'Generate Ball Groups',
  'No ball groups generated',
  'Add Member to Group',
  'Manage Members',
  'Admin Dashboard',
  'recently',
  'Assigned to Ball Group',
  'Ball groups not yet assigned',
  // Issue 26: the last English, and words outside the one vocabulary (common/vocabulary.ts).
  'Toggle password visibility',
  'Location',
  'Interests',
  'Cancel',
  'Golfevent',
  'Golf ID',
  'SEK',
  'resor hittades',
  'väntelista',
  'Väntelista',
];

/** The old English strings in the page's visible text, placeholders and accessible labels. */
async function englishOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[placeholder], [aria-label], [title]')].flatMap((el) =>
      ['placeholder', 'aria-label', 'title'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [document.body.innerText, ...attrs].join('\n');
  });
  return OLD_ENGLISH.filter((s) => new RegExp(`\\b${s}\\b`).test(texts));
}

/** Opens a page and waits until what it loads has arrived: the page's heading, no loader left. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await settle(page, path);
}

/** Waits until no loader is left on the page. */
async function settle(page: Page, path: string): Promise<void> {
  await expect(
    page.locator('main .mantine-Loader-root:visible, [aria-busy="true"]:visible'),
    `still loading: ${path}`,
  ).toHaveCount(0, {
    timeout: 15_000,
  });
}

/** Runs axe on the page as it is now and notes the figures. */
async function check(page: Page, role: Role, width: string, path: string): Promise<PageResult> {
  const axe = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])) })
    .withTags(TAGS)
    .analyze();
  const ran = new Set(
    [...axe.passes, ...axe.violations, ...axe.incomplete, ...axe.inapplicable].map((r) => r.id),
  );
  expect(
    EXTRA_RULES.filter((id) => !ran.has(id)),
    `rules that did not run on ${path}`,
  ).toEqual([]);
  const count = (impact: string) =>
    axe.violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
  return {
    role,
    width,
    path,
    serious: count('serious'),
    critical: count('critical'),
    moderate: count('moderate'),
    minor: count('minor'),
    headingOrder: axe.violations.find((v) => v.id === 'heading-order')?.nodes.length ?? 0,
    rules: axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
      .map(
        (v) =>
          `${v.id} ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.html.slice(0, 160)}`,
      ),
    horizontalScroll: await hasHorizontalScroll(page),
    english: await englishOn(page),
  };
}

async function audit(page: Page, role: Role): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    for (const raw of PAGES[role]) {
      await open(page, await fillPagePath(page, raw));
      results.push(await check(page, role, w.name, raw));
      // Every other tab of the pages that have tabs: the events' calendar, the admin's dashboard, an event's
      // participants, chat, ball groups and announcements.
      if (!WITH_TABS.has(raw)) continue;
      const tabs = page.locator('main').getByRole('tab');
      const count = await tabs.count();
      for (let i = 0; i < count && i < (await tabs.count()); i++) {
        const tab = tabs.nth(i);
        if ((await tab.getAttribute('aria-selected')) === 'true') continue;
        const name = (await tab.innerText()).trim();
        await tab.click();
        await settle(page, `${raw} (${name})`);
        results.push(await check(page, role, w.name, `${raw} (${name})`));
      }
    }
  }
  return results;
}

for (const role of ['visitor', 'free', 'pro', 'admin'] as const) {
  test(`every page a ${role} reaches passes axe (serious, critical, heading order) at 1280 and 390 px, without horizontal scroll or the old English`, async ({
    page,
  }, info) => {
    test.setTimeout(role === 'admin' ? 600_000 : 300_000);
    if (role !== 'visitor') await loginAs(page, LOGIN[role]);
    const results = await audit(page, role);
    await info.attach('axe totals', {
      body: JSON.stringify(results, null, 2),
      contentType: 'application/json',
    });
    const failing = results.filter(
      (r) => r.serious + r.critical + r.headingOrder > 0 || r.horizontalScroll || r.english.length > 0,
    );
    expect(failing, JSON.stringify(failing, null, 2)).toEqual([]);
  });
}
