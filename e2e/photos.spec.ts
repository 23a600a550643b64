import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, expect, hydrated, loginAs, PRO, test } from './support';

/** A JSON call as the browser makes it (the server checks Origin on writes). */
async function call(page: Page, method: 'POST', url: string, data?: unknown) {
  const res = await page.request.fetch(url, {
    method,
    headers: { origin: new URL(page.url()).origin },
    data,
  });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return res.json();
}

/**
 * A sideways one-finger swipe across an element through Chromium's own touch input (CDP
 * Input.dispatchTouchEvent: touchStart, a few touchMoves, touchEnd), as a phone's screen sends it.
 * `dx` < 0 swipes to the left.
 */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x0 + (dx * i) / 6, y: y + i }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

const PHOTOS = [
  { alt: 'Fyra spelare skrattar på första tee', colour: '#2f7d32' },
  { alt: 'Solnedgång över artonde green', colour: '#c26a1b' },
];

/** A small JPEG of one colour, as a phone would send it. */
const jpeg = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

test.describe('trip photos (issue 30)', () => {
  test('a participant uploads photos with alt text and consent, opens the viewer, moves with the keys, swipes on a phone and closes it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000); // four browser contexts
    // The admin makes an event that started an hour ago.
    await loginAs(page, ADMIN);
    const start = new Date(Date.now() - 3_600_000);
    const title = `Bildrunda ${Date.now()}`;
    const event = await call(page, 'POST', '/api/events', {
      title,
      location: 'Bro Hof Slott GK',
      description: 'Arton hål och middag.',
      maxParticipants: 8,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
      registrationDeadline: null,
      status: 'upcoming',
      registrationFee: 300,
      greenFee: null,
      greenFeeIncluded: true,
      coffeeIncluded: false,
      lunchIncluded: false,
    });

    // pro@ takes part.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const member = await context.newPage();
      await loginAs(member, PRO);
      await call(member, 'POST', `/api/events/${event.id}/register`, {});
      await member.goto(`/events/${event.id}`);
      const section = member.getByRole('region', { name: 'Bilder' });
      await expect(section.getByText('Inga bilder än.')).toBeVisible();
      await hydrated(section.locator('input[type="file"]'));

      // Two photos, each with its alt text and the confirmation that everyone in it agreed.
      const photos = PHOTOS;
      for (const [i, p] of photos.entries()) {
        await section
          .locator('input[type="file"]')
          .setInputFiles({ name: `bild-${i}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(p.colour) });
        await section.getByRole('textbox', { name: 'Alternativ text' }).fill(p.alt);
        await section.getByRole('checkbox', { name: /Alla som syns på bilden har godkänt/ }).check();
        await section.getByRole('button', { name: 'Ladda upp' }).click();
        await expect(
          section.getByRole('button', { name: `Visa bild 1 av ${i + 1}: ${p.alt}` }),
        ).toBeVisible();
      }
      // Lazy thumbnails with AVIF and WebP sources and the alt text.
      const first = section.getByRole('img', { name: photos[1].alt });
      await expect(first).toHaveAttribute('loading', 'lazy');
      await expect(section.locator('picture source[type="image/avif"]')).toHaveCount(2);

      // The viewer: newest first; the arrow keys move, Escape closes and gives the focus back.
      const thumb = section.getByRole('button', { name: `Visa bild 1 av 2: ${photos[1].alt}` });
      await thumb.click();
      const viewer = member.getByRole('dialog', { name: 'Bild 1 av 2' });
      await expect(viewer.getByRole('img', { name: photos[1].alt })).toBeVisible();
      await member.keyboard.press('ArrowRight');
      await expect(member.getByRole('dialog', { name: 'Bild 2 av 2' })).toBeVisible();
      await expect(member.getByRole('dialog').getByRole('img', { name: photos[0].alt })).toBeVisible();
      await member.keyboard.press('ArrowLeft');
      await expect(member.getByRole('dialog', { name: 'Bild 1 av 2' })).toBeVisible();
      await member.getByRole('button', { name: 'Nästa bild' }).click();
      await expect(member.getByRole('dialog', { name: 'Bild 2 av 2' })).toBeVisible();
      await member.keyboard.press('Escape');
      await expect(member.getByRole('dialog')).toHaveCount(0);
      await expect(thumb).toBeFocused();

      // On a phone the viewer fills the screen.
      await member.setViewportSize({ width: 390, height: 844 });
      await thumb.click();
      const box = await member.getByRole('dialog', { name: 'Bild 1 av 2' }).boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(389);
      await member.keyboard.press('Escape');

      // On a touch screen the viewer follows a swipe: to the left the next photo, to the right back.
      // (The same member, signed in: the phone gets the session cookie of the context above.)
      const phone = await browser.newContext({
        storageState: await context.storageState(),
        serviceWorkers: 'block',
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      try {
        const touch = await phone.newPage();
        await touch.goto(`/events/${event.id}`);
        const thumbOnPhone = touch
          .getByRole('region', { name: 'Bilder' })
          .getByRole('button', { name: `Visa bild 1 av 2: ${photos[1].alt}` });
        // The gallery is drawn anew in the browser (its photos are asked for there): the journey taps it
        // once it is the browser's (a tap before then goes to its counterpart, client/lib/early-taps.ts).
        await hydrated(thumbOnPhone);
        await thumbOnPhone.click();
        const shown = touch
          .getByRole('dialog', { name: 'Bild 1 av 2' })
          .getByRole('img', { name: photos[1].alt });
        await expect(shown).toBeVisible();
        await swipe(touch, shown, -200);
        const next = touch
          .getByRole('dialog', { name: 'Bild 2 av 2' })
          .getByRole('img', { name: photos[0].alt });
        await expect(next).toBeVisible();
        // A mostly vertical move is no swipe.
        const box = await next.boundingBox();
        const cdp = await phone.newCDPSession(touch);
        const at = { x: (box?.x ?? 0) + 100, y: (box?.y ?? 0) + 20 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: at.x + 60, y: at.y + 150 }],
        });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        // Nor is a sideways move of two fingers (a pinch or a pan of the zoomed photo).
        const two = (dx: number) => [
          { x: at.x + dx, y: at.y + 40, id: 1 },
          { x: at.x + 80 + dx, y: at.y + 40, id: 2 },
        ];
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: two(0) });
        for (const dx of [-50, -100, -150])
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: two(dx) });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await cdp.detach();
        // (With two photos any step shows 'Bild 1 av 2': a wrong one makes the swipe back below fail.)
        await expect(touch.getByRole('dialog', { name: 'Bild 2 av 2' })).toBeVisible();
        await swipe(touch, next, 200);
        await expect(
          touch.getByRole('dialog', { name: 'Bild 1 av 2' }).getByRole('img', { name: photos[1].alt }),
        ).toBeVisible();
      } finally {
        await phone.close();
      }

      // 'Mina bilder' on the profile lists both.
      await member.goto('/profile');
      const mine = member.getByRole('region', { name: 'Mina bilder' });
      await expect(mine.getByRole('button', { name: /^Visa bild/ })).toHaveCount(2);
    } finally {
      await context.close();
    }
    // A visitor sees the count only.
    const visitor = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const anon = await visitor.newPage();
      await anon.goto(`/events/${event.id}`);
      await expect(anon.getByText('2 bilder från evenemanget. Bara deltagarna kan se dem.')).toBeVisible();
      await expect(anon.getByRole('img', { name: PHOTOS[0].alt })).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });
});
