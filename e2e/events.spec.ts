import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, expect, FREE, hasHorizontalScroll, loginAs, PRO, test } from './support';

const DAY = 86_400_000;
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** Creates an upcoming event through the API as the logged-in admin of `request`. */
async function createEventViaApi(
  request: APIRequestContext,
  baseURL: string,
  title: string,
): Promise<number> {
  const start = new Date(Date.now() + 20 * DAY);
  const res = await request.post('/api/events', {
    headers: { origin: baseURL },
    data: {
      title,
      location: 'Kungsängen GK',
      description: 'En resa för journeys.',
      maxParticipants: 16,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 5 * 3_600_000).toISOString(),
      registrationDeadline: null,
      status: 'upcoming',
      registrationFee: 500,
      greenFee: 300,
      greenFeeIncluded: false,
      coffeeIncluded: true,
      lunchIncluded: true,
      imageId: null,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as number;
}

/** A logged-in page of its own (a separate browser context). */
async function pageAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, email);
  return page;
}

/** Picks a day in the next month and the default time in a Mantine date-time picker. */
async function pickNextMonthDay(page: Page, label: string, day: number) {
  await page.getByRole('button', { name: label }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  await dropdown.locator('button[data-direction="next"]').click();
  await dropdown
    .getByRole('button', { name: new RegExp(`^${day} `) })
    .first()
    .click();
  await dropdown.locator('.mantine-DateTimePicker-submitButton').click();
}

test.describe('events', () => {
  test('a visitor searches, filters, uses the calendar and sees how to join, at 360 px', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /\/events\/999999\b/,
      'the journey opens an unknown event on purpose: the page and GET /api/events/999999 answer 404',
    );
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Evenemang', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skapa evenemang' })).toHaveCount(0);
    // 'Kommande' is the default, and no card of it says 'Tidigare'.
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('upcoming');
    await expect(page.getByRole('combobox', { name: 'Status' }).locator('option:checked')).toHaveText(
      'Kommande',
    );
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Tidigare' })).toHaveCount(0);
    await expect(page.getByText(/^\d+ evenemang hittades$/)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    const all = (await (await page.request.get('/api/events')).json()) as {
      id: number;
      title: string;
      startTime: string;
      endTime: string;
    }[];
    const upcoming = all.find((e) => Date.parse(e.startTime) > Date.now())!;
    const past = all.filter((e) => Date.parse(e.endTime) <= Date.now());

    await page.getByLabel('Sök').fill(upcoming.title.toUpperCase());
    await expect(page.getByRole('heading', { name: upcoming.title })).toBeVisible();
    await page.getByLabel('Sök').fill('zzz-ingen-träff');
    await expect(page.getByText('Inga evenemang hittades')).toBeVisible();
    await expect(page.getByText('0 evenemang hittades')).toBeVisible();
    await page.getByLabel('Sök').fill('');

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Tidigare' });
    await expect(page.getByText(`${past.length} evenemang hittades`)).toBeVisible();
    // Past events say so and never that they are open for registration.
    await expect(page.getByRole('article').filter({ hasText: 'Öppen för anmälan' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Alla evenemang' });

    await page.getByRole('tab', { name: 'Kalender' }).click();
    // Months ahead in Swedish time, as the calendar counts them.
    const ym = (d: Date) => {
      const [y, m] = d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' }).split('-').map(Number);
      return y * 12 + m;
    };
    const months = ym(new Date(upcoming.startTime)) - ym(new Date());
    for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Nästa månad' }).click();
    // A list of days, each named by its date, the event linked on its day.
    const day = new Date(upcoming.startTime).toLocaleDateString('sv-SE', {
      timeZone: 'Europe/Stockholm',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    });
    const calendar = page.getByRole('list', { name: /^Kalender / });
    await expect(calendar.getByRole('listitem').filter({ hasText: day })).toHaveCount(1);
    await calendar.getByRole('link', { name: upcoming.title }).first().click();
    await expect(page).toHaveURL(`${baseURL}/events/${upcoming.id}`);
    await expect(page.getByRole('heading', { name: upcoming.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bli medlem för att delta' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lägg till i kalender' })).toHaveAttribute(
      'href',
      `/api/events/${upcoming.id}/calendar.ics`,
    );
    await expect(page.getByRole('tab', { name: 'Deltagare' })).toBeVisible();
    // Visitors see how many, not who (decisions.md).
    await expect(page.getByText(/för att se vilka som är med/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Deltagare' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Bollgrupper' })).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.goto('/events/999999');
    await expect(page.getByRole('heading', { name: 'Evenemanget hittades inte' })).toBeVisible();
  });

  test('an admin creates an event with an image, edits it and deletes it', async ({ page }) => {
    const title = unique('Journeyresa');
    await loginAs(page, ADMIN);
    await page.goto('/events');
    await page.getByRole('link', { name: 'Skapa evenemang' }).click();
    await expect(page.getByRole('heading', { name: 'Skapa evenemang' })).toBeVisible();

    await page.getByRole('button', { name: 'Skapa evenemang' }).click();
    await expect(page.getByText('Ange ett namn på evenemanget')).toBeVisible();
    await expect(page.getByText('Ange starttid')).toBeVisible();

    await page.getByLabel('Namn på evenemanget').fill(title);
    await page.getByLabel('Plats').fill('Ängsö GK');
    await pickNextMonthDay(page, 'Startdatum och tid', 15);
    await expect(page.getByRole('button', { name: 'Slutdatum och tid' })).toContainText('11:00');
    await page.getByLabel('Anmälningsavgift (kr)').fill('400');
    await page.getByLabel('Greenfee (kr)').fill('350');
    await expect(page.getByLabel('Totalpris')).toHaveValue('750 kr');
    await page.getByLabel('Greenfee ingår').check();
    await expect(page.getByLabel('Greenfee (kr)')).toHaveCount(0);
    await expect(page.getByLabel('Totalpris')).toHaveValue('400 kr');

    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bana.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('img', { name: 'Förhandsvisning av bilden' })).toBeVisible();
    await page.getByLabel('Beskrivning').fill('Skapad av en journey.');
    await page.getByRole('button', { name: 'Skapa evenemang' }).click();

    await expect(page.getByText('Evenemanget är skapat')).toBeVisible();
    await expect(page).toHaveURL(/\/events$/);
    await page.getByLabel('Sök').fill(title);
    await expect(page.getByText('1 evenemang hittades')).toBeVisible();
    await expect(page.getByText('400 kr (inkl. greenfee)')).toBeVisible();
    // The whole card is one link, named by the title (issue 27).
    await page.getByRole('article').getByRole('link', { name: title, exact: true }).click();

    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: title })).toHaveAttribute(
      'src',
      /\/api\/images\/.+\/original/,
    );
    await expect(page.getByRole('tab', { name: 'Bollgrupper' })).toBeVisible();

    await page.getByRole('button', { name: 'Redigera' }).click();
    await expect(page.getByRole('heading', { name: 'Redigera evenemang' })).toBeVisible();
    await page.getByLabel('Namn på evenemanget').fill(`${title} (ändrad)`);
    await page.getByRole('button', { name: 'Uppdatera evenemanget' }).click();
    await expect(page.getByText('Evenemanget är uppdaterat')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${title} (ändrad)`, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Ta bort' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ta bort evenemang' });
    await expect(dialog.getByText('Detta tar permanent bort evenemanget och alla anmälningar')).toBeVisible();
    await dialog.getByRole('button', { name: 'Ta bort' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await page.getByLabel('Sök').fill(title);
    await expect(page.getByText('Inga evenemang hittades')).toBeVisible();
  });

  test('a Pro member registers with dietary preferences, the admin sees them, the member cancels', async ({
    browser,
    baseURL,
  }) => {
    const title = unique('Proresa');
    const admin = await pageAs(browser, ADMIN);
    const id = await createEventViaApi(admin.request, baseURL!, title);

    const pro = await pageAs(browser, PRO);
    await pro.goto(`/events/${id}`);
    await pro.getByRole('button', { name: 'Anmäl dig' }).click();
    const dialog = pro.getByRole('dialog', { name: `Anmäl dig till ${title}` });
    await dialog.getByLabel('Kostpreferenser / allergier').fill('Vegetarisk, nötallergi');
    await dialog.getByLabel('Övriga önskemål (valfritt)').fill('Delar gärna bil');
    // Dietary needs are health data: without the consent box ticked the dialog says so and sends nothing.
    await dialog.getByRole('button', { name: 'Slutför anmälan' }).click();
    await expect(dialog.getByText(/Kryssa i att du samtycker/)).toBeVisible();
    await dialog
      .getByRole('checkbox', { name: /Jag samtycker till att Singelgolf sparar mina kostpreferenser/ })
      .check();
    await dialog.getByRole('button', { name: 'Slutför anmälan' }).click();
    await expect(pro.getByText('Anmäld', { exact: true }).first()).toBeVisible();
    await expect(pro.getByText('1/16 platser tagna')).toBeVisible();
    await expect(pro.getByText('1 anmäld (max 16)')).toBeVisible();
    await expect(pro.getByRole('tab', { name: 'Gruppchatt' })).toBeVisible();
    // The member's own payment in words (issue 27): the fee is paid at the event.
    await expect(
      pro.getByRole('table', { name: 'Deltagare' }).getByText('Betalas på plats, 800 kr'),
    ).toBeVisible();

    await admin.goto(`/events/${id}`);
    await expect(admin.getByText('Kostpreferenser')).toBeVisible();
    await expect(admin.getByText('Vegetarisk, nötallergi')).toBeVisible();
    await expect(admin.getByText('Delar gärna bil')).toBeVisible();
    await admin.getByRole('combobox', { name: /^Betalningsstatus för/ }).click();
    await admin.getByRole('option', { name: 'Betald' }).click();
    await expect(admin.getByRole('table', { name: 'Deltagare' }).getByText('Betald').first()).toBeVisible();

    await pro.getByRole('button', { name: 'Avboka anmälan' }).click();
    await pro.getByRole('dialog', { name: 'Avboka anmälan' }).getByRole('button', { name: 'Avboka' }).click();
    await expect(pro.getByRole('button', { name: 'Anmäl dig' })).toBeVisible();
    await expect(pro.getByText('Inga deltagare ännu.')).toBeVisible();
  });

  test("a free member sees 'Pro krävs' with the price and the way there, not an 'Anmäl dig'", async ({
    browser,
    baseURL,
  }) => {
    const admin = await pageAs(browser, ADMIN);
    const id = await createEventViaApi(admin.request, baseURL!, unique('Friresa'));
    const free = await pageAs(browser, FREE);
    await free.goto(`/events/${id}`);
    await expect(free.getByText('Pro krävs', { exact: true })).toBeVisible();
    await expect(free.getByRole('button', { name: 'Anmäl dig' })).toHaveCount(0);
    await expect(free.getByRole('link', { name: 'Bli Pro – 99 kr/mån' })).toHaveAttribute(
      'href',
      `/subscribe?returnTo=${encodeURIComponent(`/events/${id}`)}`,
    );
  });
});
