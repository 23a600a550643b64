import type { Browser, Page } from '@playwright/test';
import { ADMIN, expect, FREE, hasHorizontalScroll, hydrated, loginAs, PRO, test } from './support';

/** A logged-in page in a browser context of its own; answers the page and the member's id. */
async function member(browser: Browser, email: string): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, email);
  const me = await (await page.request.get('/api/auth/user')).json();
  return { page, id: me.id as string };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notiser/ });

/** Opens the bell's dropdown and marks everything read, so the journey starts from a clear bell. */
async function clearBell(page: Page): Promise<void> {
  await bell(page).click();
  const dropdown = page.getByRole('dialog', { name: 'Notiser' });
  await expect(dropdown).toBeVisible();
  const markAll = dropdown.getByRole('button', { name: 'Markera alla som lästa' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(bell(page)).toHaveAccessibleName('Notiser');
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();
}

test.describe('notifications', () => {
  test('the bell counts a direct message live; opening the notice reads it and leads to the conversation', async ({
    browser,
  }) => {
    const frida = await member(browser, FREE);
    const anna = await member(browser, ADMIN);
    const text = `Hej Frida, följer du med till Bro Hof? ${Date.now()}`;
    // The notice must arrive over Frida's WebSocket, not from a reload.
    const pushed = new Promise<void>((resolve) => {
      frida.page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          const frame = String(f.payload);
          if (frame.includes('"type":"notification"') && frame.includes('direct_message')) resolve();
        }),
      );
    });
    await frida.page.goto('/');
    await clearBell(frida.page);

    await anna.page.goto(`/messages?recipient=${frida.id}`);
    await expect(anna.page).toHaveURL(new RegExp(`/messages/${frida.id}$`));
    const input = anna.page.getByPlaceholder('Skriv ett meddelande…');
    await input.fill(text);
    await input.press('Enter');

    await expect(bell(frida.page)).toHaveAccessibleName('Notiser, 1 olästa', { timeout: 15_000 });
    await pushed;

    await bell(frida.page).click();
    const dropdown = frida.page.getByRole('dialog', { name: 'Notiser' });
    const notice = dropdown.getByRole('list', { name: 'Senaste notiser' }).getByRole('button').first();
    await expect(notice).toHaveAccessibleName(/^Oläst: /);
    await notice.click();
    await expect(frida.page).toHaveURL(/\/messages/);
    await expect(bell(frida.page)).toHaveAccessibleName('Notiser');

    // /notifications lists it, read now; 'Visa alla' in the dropdown leads there.
    await bell(frida.page).click();
    await dropdown.getByRole('link', { name: 'Visa alla' }).click();
    await expect(frida.page).toHaveURL(/\/notifications$/);
    await expect(frida.page.getByRole('heading', { name: 'Notiser', level: 1 })).toBeVisible();
    await expect(frida.page.getByText('Inga olästa notiser')).toBeVisible();
    const all = frida.page.getByRole('list', { name: 'Alla notiser' });
    await expect(all.getByRole('button').first()).not.toHaveAccessibleName(/^Oläst/);
  });

  test('preferences are saved and still there after a reload; push is asked for only on the click', async ({
    page,
  }) => {
    await loginAs(page, PRO);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Notiser' });
    const published = section.getByRole('switch', { name: 'Nytt evenemang publicerat: E-post' });
    const messagePush = section.getByRole('switch', { name: 'Nytt meddelande: Push' });
    await expect(published).not.toBeChecked();
    await expect(messagePush).toBeChecked();
    await expect(section.getByRole('button', { name: 'Spara' })).toBeDisabled();
    // A tap on a switch the app has not hydrated yet is held and replayed once it has: the switch turns a
    // moment later, while check() looks at once.
    await hydrated(published);

    await published.check({ force: true });
    await messagePush.uncheck({ force: true });
    await section.getByRole('button', { name: 'Spara' }).click();
    await expect(page.getByText('Notisinställningarna är sparade')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Spara' })).toBeDisabled();

    await page.reload();
    await expect(published).toBeChecked();
    await expect(messagePush).not.toBeChecked();
    const saved = await (await page.request.get('/api/notification-preferences')).json();
    expect(saved.event_published).toEqual({ email: true, push: false });
    expect(saved.direct_message).toEqual({ email: true, push: false });

    // Back to the defaults for the other journeys.
    await hydrated(published);
    await published.uncheck({ force: true });
    await messagePush.check({ force: true });
    await section.getByRole('button', { name: 'Spara' }).click();
    await expect(section.getByRole('button', { name: 'Spara' })).toBeDisabled();

    // Nothing is asked before the click; the journeys' browser refuses the permission when asked.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await expect(section.getByText('Inte aktiverad')).toBeVisible();
    await section.getByRole('button', { name: 'Aktivera pushnotiser på den här enheten' }).click();
    await expect(section.getByText('Blockerad i webbläsaren')).toBeVisible();
  });

  test('the calendar feed can be copied and replaced; the old address stops working', async ({ page }) => {
    await loginAs(page, PRO);
    await page.goto('/profile#notiser');
    const field = page.getByRole('textbox', { name: 'Kalenderlänk' });
    await expect(field).toHaveValue(/\/api\/calendar\/feed\/.+/);
    const oldUrl = await field.inputValue();
    const feed = await page.request.get(oldUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    // The section is drawn anew in the browser (its preferences are asked for there): wait for it.
    await hydrated(page.getByRole('button', { name: 'Skapa ny länk' }));
    await page.getByRole('button', { name: 'Skapa ny länk' }).click();
    const confirm = page.getByRole('dialog', { name: 'Skapa ny kalenderlänk?' });
    await expect(confirm.getByText(/gamla länken slutar fungera/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Skapa ny länk' }).click();
    await expect(confirm).toBeHidden();
    await expect(field).not.toHaveValue(oldUrl);
    const newUrl = await field.inputValue();
    expect((await page.request.get(oldUrl)).status()).toBe(404);
    expect((await page.request.get(newUrl)).status()).toBe(200);
  });

  test('on a 360 px phone the header fits with the bell and its dropdown stays on screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs(page, PRO);
    await page.goto('/');
    await expect(bell(page)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await bell(page).click();
    const box = await page.getByRole('dialog', { name: 'Notiser' }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The profile's 'Notiser' section and the notices page fit too.
    await page.goto('/profile#notiser');
    await expect(page.getByRole('button', { name: 'Aktivera pushnotiser på den här enheten' })).toBeVisible();
    const button = await page
      .getByRole('button', { name: 'Aktivera pushnotiser på den här enheten' })
      .boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(360);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notiser', level: 1 })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
