import type { Page } from '@playwright/test';
import { ADMIN, expect, FREE, fillPagePath, loginAs, PRO, test } from './support';

/**
 * Buttons look like buttons (issue 26): on every page each role reaches, at 1280 and 390 px, every visible
 * Mantine Button or ActionIcon of a filled, light, white, outline or default variant has a background
 * colour or a visible border, read from its computed style, and so does every button of the built-in
 * issuer's own pages. A reset that overrides the components' rules (Mantine's plain-button reset loaded
 * after Button's CSS made every call to action plain bold text) fails here.
 */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

type Role = 'visitor' | 'free' | 'pro' | 'admin';
const LOGIN: Record<Exclude<Role, 'visitor'>, string> = { free: FREE, pro: PRO, admin: ADMIN };

/**
 * The pages of each role: `{event}` is an upcoming event of the demo data, `{groups}` the event with ball
 * groups, whose 'Bollgrupper' tab the admin opens (`#Bollgrupper`). The admin's dashboard is their `/`.
 */
const PAGES: Record<Role, string[]> = {
  visitor: ['/', '/events', '/events/{event}', '/subscription', '/api/login', '/api/login?screen=signup'],
  free: ['/', '/events', '/events/{event}', '/members', '/messages', '/profile', '/subscription'],
  pro: ['/events/{event}', '/messages', '/profile', '/subscription'],
  admin: [
    '/',
    '/events/{event}',
    '/events/{groups}#Bollgrupper',
    '/admin/members',
    '/admin/email',
    '/admin/audit',
    '/admin/reports',
  ],
};

/** A button that does not look like one: what it is and its computed style. */
interface Unstyled {
  page: string;
  width: number;
  button: string;
  variant: string | null;
  background: string;
  border: string;
}

/** Opens a page and waits until what it loads has arrived: its heading, no loader left. */
async function open(page: Page, raw: string): Promise<void> {
  const [path, tab] = (await fillPagePath(page, raw)).split('#');
  await page.goto(path!);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  if (tab) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
  }
  await expect(
    page.locator('main .mantine-Loader-root:visible, [aria-busy="true"]:visible'),
    `still loading: ${raw}`,
  ).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The buttons of the page that have neither a background colour nor a visible border, and how many
 * buttons were checked. The Mantine app's buttons are its Button and ActionIcon roots of the variants
 * that draw a surface; a page without Mantine (the issuer's) has only its own buttons, all of them drawn.
 */
async function unstyledButtons(
  page: Page,
): Promise<{ checked: number; unstyled: Omit<Unstyled, 'page' | 'width'>[] }> {
  return page.evaluate(() => {
    const VARIANTS = ['filled', 'light', 'white', 'outline', 'default'];
    const mantine = document.querySelector('[class*="mantine-"]') !== null;
    const candidates = mantine
      ? [
          ...document.querySelectorAll<HTMLElement>(
            'button.mantine-Button-root, a.mantine-Button-root, .mantine-Button-root[data-variant], .mantine-ActionIcon-root[data-variant]',
          ),
        ].filter((el) => VARIANTS.includes(el.getAttribute('data-variant') ?? 'filled'))
      : [...document.querySelectorAll<HTMLElement>('button, input[type="submit"], input[type="button"]')];
    /** Alpha of a computed colour: `rgba(r, g, b, a)`, `rgb(r g b / a)`, `transparent`. */
    const opaque = (colour: string) => {
      if (colour === 'transparent' || colour === '') return false;
      const slash = /\/\s*([\d.]+%?)\s*\)$/.exec(colour);
      const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\s*\)$/.exec(colour);
      const alpha = slash?.[1] ?? rgba?.[1];
      if (alpha === undefined) return true;
      return Number.parseFloat(alpha) > 0;
    };
    const seen = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      );
    };
    const visible = candidates.filter(seen);
    const unstyled = visible
      .map((el) => {
        const cs = getComputedStyle(el);
        const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
        const border = sides.some(
          (s) =>
            Number.parseFloat(cs.getPropertyValue(`border-${s.toLowerCase()}-width`)) > 0 &&
            !['none', 'hidden'].includes(cs.getPropertyValue(`border-${s.toLowerCase()}-style`)) &&
            opaque(cs.getPropertyValue(`border-${s.toLowerCase()}-color`)),
        );
        const background = opaque(cs.backgroundColor) || cs.backgroundImage !== 'none';
        if (border || background) return null;
        return {
          button: `${el.tagName.toLowerCase()} '${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}'`,
          variant: el.getAttribute('data-variant'),
          background: `${cs.backgroundColor} ${cs.backgroundImage}`,
          border: `${cs.borderTopWidth} ${cs.borderTopStyle} ${cs.borderTopColor}`,
        };
      })
      .filter((u) => u !== null);
    return { checked: visible.length, unstyled };
  });
}

for (const role of ['visitor', 'free', 'pro', 'admin'] as const) {
  test(`every button a ${role} sees has a background or a border, at 1280 and 390 px`, async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    if (role !== 'visitor') await loginAs(page, LOGIN[role]);
    const unstyled: Unstyled[] = [];
    const checked: { page: string; width: number; buttons: number }[] = [];
    for (const { width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      for (const path of PAGES[role]) {
        await open(page, path);
        const found = await unstyledButtons(page);
        checked.push({ page: path, width, buttons: found.checked });
        unstyled.push(...found.unstyled.map((u) => ({ page: path, width, ...u })));
      }
    }
    await info.attach('buttons checked', {
      body: JSON.stringify(checked, null, 2),
      contentType: 'application/json',
    });
    // The check sees buttons at all: every role's tour meets dozens of them.
    expect(checked.reduce((n, c) => n + c.buttons, 0)).toBeGreaterThan(10);
    expect(unstyled, JSON.stringify(unstyled, null, 2)).toEqual([]);
  });
}

test("the server-rendered public pages' buttons look like buttons before any script has run", async ({
  browser,
}) => {
  // What a visitor sees until the app has started (issue 17's server render): the theme's colours for
  // the light scheme must apply without the app setting the scheme on <html>.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const unstyled: Unstyled[] = [];
  let checked = 0;
  try {
    for (const { width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      for (const path of ['/', '/events', '/events/{event}']) {
        await open(page, path);
        const found = await unstyledButtons(page);
        checked += found.checked;
        unstyled.push(...found.unstyled.map((u) => ({ page: path, width, ...u })));
      }
    }
  } finally {
    await context.close();
  }
  expect(checked).toBeGreaterThan(5);
  expect(unstyled, JSON.stringify(unstyled, null, 2)).toEqual([]);
});

test('the buttons keep their look when the member moves between pages inside the app', async ({ page }) => {
  // Chunks, and their stylesheets, then load in the order of the member's steps, not of one page load.
  test.setTimeout(120_000);
  await loginAs(page, PRO);
  await page.setViewportSize({ width: 1280, height: 900 });
  const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
  const unstyled: Unstyled[] = [];
  for (const link of ['Evenemang', 'Medlemmar', 'Meddelanden', 'Hem', 'Evenemang']) {
    // 'Meddelanden' carries the count of unread messages in its name.
    await nav.getByRole('link', { name: new RegExp(`^${link}`) }).click();
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('main .mantine-Loader-root:visible')).toHaveCount(0, { timeout: 15_000 });
    unstyled.push(...(await unstyledButtons(page)).unstyled.map((u) => ({ page: link, width: 1280, ...u })));
  }
  // An event card is one link, named by its title (issue 27).
  await page.getByRole('article').getByRole('link').first().click();
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('main .mantine-Loader-root:visible')).toHaveCount(0, { timeout: 15_000 });
  unstyled.push(...(await unstyledButtons(page)).unstyled.map((u) => ({ page: 'event', width: 1280, ...u })));
  expect(unstyled, JSON.stringify(unstyled, null, 2)).toEqual([]);
});
