import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { municipalitiesOf } from '../common/regions';
import {
  ADMIN,
  expect,
  FREE,
  hasHorizontalScroll,
  loginAs,
  PRO,
  pick,
  signUp as signUpMember,
  test,
  uniqueEmail,
} from './support';

/** Signs up a brand-new member (an empty profile of their own to edit), confirms the e-mail, lands logged in. */
async function signUp(page: Page, firstName: string): Promise<string> {
  const email = uniqueEmail(firstName);
  await signUpMember(page, { firstName, lastName: 'Profilsson', email, password: 'birdie2026' });
  return email;
}

/** A toast with this text (one at a time, but the previous one may still be leaving). */
const expectToast = (page: Page, text: string | RegExp) =>
  expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();

test.describe('members directory', () => {
  test('a visitor is sent to login', async ({ page }) => {
    await page.goto('/members');
    await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  });

  test('a member searches without accents, filters, opens a profile and starts a message', async ({
    page,
  }) => {
    await loginAs(page, FREE);
    await page.goto('/members');
    await expect(page.getByRole('heading', { name: 'Medlemmar', level: 1 })).toBeVisible();
    await expect(page.getByText('Se och ta kontakt med andra medlemmar')).toBeVisible();
    await expect(page.getByText(/^\d+ medlemmar hittades$/)).toBeVisible();

    // 'ostersund' finds the members of Östersund (server-side, accent-insensitive).
    await page.getByLabel('Sök medlemmar').fill('ostersund');
    await expect(page.getByText(/^\d+ medlem(mar)? hittades$/)).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toContainText('Östersund');
    for (const text of await cards.allInnerTexts()) expect(text).toMatch(/Östersund/);

    // No match: the empty state with its hint, and 'Återställ sökning' clears the filters.
    await page.getByLabel('Sök medlemmar').fill('zzz-ingen-sådan');
    await expect(page.getByRole('heading', { name: 'Inga medlemmar hittades' })).toBeVisible();
    await expect(page.getByText('Försök justera din sökning eller filtren.')).toBeVisible();
    await page.getByRole('button', { name: 'Återställ sökning' }).click();
    await expect(page.getByLabel('Sök medlemmar')).toHaveValue('');
    await expect(page.getByText(/^\d+ medlemmar hittades$/)).toBeVisible();

    await pick(page, 'Handicap', 'Handicap 21+');
    await expect(cards.first()).toBeVisible();
    // The cards shown until the filtered page arrives are the previous ones: wait for the answer's.
    const handicaps = async () =>
      (await cards.allInnerTexts()).map((text) =>
        Number(/Handicap:\s*(-?[\d,]+)/.exec(text)?.[1].replace(',', '.')),
      );
    await expect.poll(async () => (await handicaps()).filter((hcp) => !(hcp >= 21))).toEqual([]);
    expect((await handicaps()).length).toBeGreaterThan(0);
    await pick(page, 'Handicap', 'Alla handicap');

    // Age: the page shows as many as the server counts in the band; place: every card is in the town.
    await pick(page, 'Ålder', '40–49 år');
    const inBand = Number(
      (await page.request.get('/api/users?age=40-49&limit=1')).headers()['x-total-count'] ?? Number.NaN,
    );
    await expect(page.getByText(`${inBand} ${inBand === 1 ? 'medlem' : 'medlemmar'} hittades`)).toBeVisible();
    await pick(page, 'Ålder', 'Alla åldrar');
    await page.getByLabel('Ort').fill('stockholm');
    await expect
      .poll(async () => {
        const texts = await cards.allInnerTexts();
        return texts.length > 0 && texts.every((t) => /Stockholm/i.test(t));
      })
      .toBe(true);
    await page.getByLabel('Ort').fill('');

    // Län: as many as the server counts in the county, each card's place one of its municipalities.
    await pick(page, 'Län', 'Skåne län');
    const inCounty = Number(
      (await page.request.get('/api/users?county=12&limit=1')).headers()['x-total-count'] ?? Number.NaN,
    );
    await expect(
      page.getByText(`${inCounty} ${inCounty === 1 ? 'medlem' : 'medlemmar'} hittades`),
    ).toBeVisible();
    const skane = municipalitiesOf('12').map((m) => m.toLowerCase());
    await expect
      .poll(async () => {
        const places = (await cards.allInnerTexts()).map((t) =>
          /Ort:\s*(.+)/.exec(t)?.[1].trim().toLowerCase(),
        );
        return places.length > 0 && places.every((p) => p !== undefined && skane.includes(p));
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Rensa län' }).click();
    await expect(page.getByRole('combobox', { name: 'Län', exact: true })).toHaveValue('');

    await page.getByLabel('Sök medlemmar').fill('Adminsson');
    const card = cards.filter({ hasText: 'Anna Adminsson' });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Admin', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Visa profil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Medlemsprofil' });
    await expect(dialog.getByRole('heading', { name: 'Anna Adminsson' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Om mig' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]user=/);
    const userId = new URL(page.url()).searchParams.get('user');

    // ?user={id} opens that member directly.
    await page.goto(`/members?user=${userId}`);
    await expect(page.getByRole('dialog', { name: 'Medlemsprofil' })).toBeVisible();
    // The button goes to /messages?recipient={id} (spec §2), which the messages page at once replaces
    // by the thread's address /messages/{id}: the first is recorded as it passes, the second stays.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Skicka meddelande' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/${userId}$`));
    expect(visited.some((u) => u.endsWith(`/messages?recipient=${userId}`))).toBe(true);
  });

  test('an unknown member shows the load error with Stäng; admins get their own subtitle', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /\/api\/users\/finns-inte\b/,
      'the journey opens a member that does not exist on purpose: GET /api/users/finns-inte answers 404',
    );
    await loginAs(page, ADMIN);
    await page.goto('/members?user=finns-inte');
    const dialog = page.getByRole('dialog', { name: 'Medlemsprofil' });
    await expect(dialog.getByText('Kunde inte ladda medlemsprofilen. Försök igen senare.')).toBeVisible();
    // The header's × is 'Stäng' too (Mantine's close button, named in the theme): the dialog's own button.
    await dialog.getByRole('button', { name: 'Stäng', exact: true }).last().click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Hantera och visa alla medlemmar i gemenskapen')).toBeVisible();
  });

  test('the directory fits a 360 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await loginAs(page, FREE);
    await page.goto('/members');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});

test.describe('own profile', () => {
  test('a new member sees each kind of validation error, saves, and uploads an avatar', async ({ page }) => {
    await signUp(page, 'Vera');
    await page.goto('/profile');
    await expect(page.getByText('Medlem', { exact: true })).toBeVisible();
    const save = page.getByRole('button', { name: 'Spara ändringar' });
    const form = page.locator('form').filter({ has: save });

    // Required fields: every field shows its own message at once, the first one gets the focus, and a
    // notice says how many.
    await save.click();
    await expectToast(page, 'Validering misslyckades');
    await expectToast(page, /Rätta de \d+ markerade fälten/);
    await expect(form.getByLabel('Golf-ID')).toBeFocused();
    // The completeness meter names what is missing.
    await expect(form.getByText(/^Saknas: .*Golf-ID, Klubb/)).toBeVisible();
    for (const text of [
      'Golf-ID krävs',
      'Klubb krävs',
      'Kön krävs',
      'Födelsedatum krävs',
      'Civilstatus krävs',
      'Barn krävs',
      'Yrke krävs',
      'Dröm krävs',
      'Ort krävs',
      'Intressen krävs',
      'Välj minst 3 intressen',
      'Välj minst 1 alternativ',
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }

    await form.getByLabel('Förnamn').fill('V');
    await form.getByLabel('Efternamn').fill('');
    await form.getByLabel('E-post').fill('inte-en-adress');
    await form.getByLabel('Födelsedatum').fill(`${new Date().getFullYear() - 16}-05-01`);
    await save.click();
    // Each field shows its own message (the toast repeats the first one).
    await expect(form.getByText('Namn måste vara minst 2 tecken')).toBeVisible();
    await expect(form.getByText('Ange en giltig e-postadress')).toBeVisible();
    await expect(form.getByText('Du måste vara minst 18 år')).toBeVisible();

    await form.getByLabel('Förnamn').fill('Vera');
    await form.getByLabel('Efternamn').fill('Profilsson');
    await form.getByLabel('E-post').fill(`vera.${Date.now()}@example.se`);
    // Handicap: a pasted value keeps its decimal point; out of range says so instead of changing it.
    const handicap = form.getByLabel('Handicap', { exact: true });
    await handicap.fill('60');
    await save.click();
    await expect(form.getByText('Maximalt handicap är 54')).toBeVisible();
    await expect(handicap).toHaveValue('60');
    await handicap.fill('');
    // Inserted at once, as a paste is.
    await handicap.focus();
    await page.keyboard.insertText('18.4');
    await expect(handicap).toHaveValue('18.4');
    await handicap.fill('17,3');
    await form.getByLabel('Golf-ID').fill('900101-123');
    await form.getByLabel('Klubb').fill('Östersund-Frösö GK');
    await pick(page, 'Kön', 'Kvinna');
    await form.getByLabel('Födelsedatum').fill('1990-01-01');
    await pick(page, 'Civilstatus', 'Skild');
    await form.getByLabel('Barn').fill('Inga');
    await form.getByLabel('Yrke').fill('Arkitekt');
    await form.getByLabel(/^Ort/).fill('Östersund');
    await form.getByLabel('Dröm').fill('En runda på St Andrews');
    await form.getByLabel('Dina intressen').fill('Golf, skidor');
    await expect(page.getByText(/^\d+ av 17 fält ifyllda$/)).toHaveText('13 av 17 fält ifyllda');
    await form.getByLabel('Livssituation').fill('Ny i stan');
    // Chips: their checkbox is visually hidden, so a member clicks the label.
    const chip = (name: string) => form.locator('label').filter({ hasText: new RegExp(`^${name}$`) });
    await chip('Partner').click();
    for (const i of ['Fika', 'Film', 'Resor']) await chip(i).click();

    // Below the minimum is refused with a toast, the chip stays selected.
    await chip('Film').click();
    await expectToast(page, 'Du måste ha minst 3 intressen valda');
    await expect(form.getByRole('checkbox', { name: 'Film' })).toBeChecked();

    await expect(page.getByText(/^\d+ av 17 fält ifyllda$/)).toHaveText('16 av 17 fält ifyllda');
    await save.click();
    await expectToast(page, 'Profilen har uppdaterats');
    await page.reload();
    await expect(form.getByLabel('Klubb')).toHaveValue('Östersund-Frösö GK');
    await expect(form.getByLabel('Ålder')).toHaveValue(/^\d+$/);

    // Avatar: too large is refused in the browser; a real image is uploaded and shown in the header.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'stor.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(3 * 1024 * 1024 + 1),
    });
    await expectToast(page, 'Bildfilen får inte vara större än 3MB');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2b8b45' } })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: 'jag.png', mimeType: 'image/png', buffer: png });
    await expectToast(page, 'Profilbilden har uppdaterats');
    await expect(page.getByRole('button', { name: 'Användarmeny' }).locator('img')).toHaveAttribute(
      'src',
      // The avatar is the small WebP copy (issue 17), made from the upload.
      /\/api\/images\/[0-9a-f-]+\/w\/320\.webp/,
    );
    const avatar = await page
      .getByRole('button', { name: 'Användarmeny' })
      .locator('img')
      .getAttribute('src');
    const copy = await page.request.get(avatar ?? '');
    expect(copy.headers()['content-type']).toBe('image/webp');
    await expect(page.getByText('17 av 17 fält ifyllda')).toBeVisible();
  });

  test("'Mina evenemang' shows the member's registrations; the user menu's 'Mina evenemang' opens them", async ({
    page,
  }) => {
    await loginAs(page, PRO);
    await page.goto('/');
    await page.getByRole('button', { name: 'Användarmeny' }).click();
    await page.getByRole('menuitem', { name: 'Mina evenemang' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=events$/);
    await expect(page.getByRole('tab', { name: 'Mina evenemang' })).toHaveAttribute('aria-selected', 'true');
    const upcoming = page.getByRole('tab', { name: /^Kommande \(\d+\)$/ });
    await expect(upcoming).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Reservlista \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Tidigare \(\d+\)$/ })).toBeVisible();
    const count = Number(/\((\d+)\)/.exec((await upcoming.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    const panel = page.getByRole('tabpanel', { name: /^Kommande/ });
    await expect(panel.getByRole('link', { name: 'Visa detaljer' })).toHaveCount(count);
    // Each registration says its ball group (name, tee time) or that the groups are not ready.
    await expect(panel.getByText(/^Bollgrupp \d+|Bollgrupperna är inte klara än/).first()).toBeVisible();
    // The payment in words (issue 27), never the stored status.
    await expect(panel.getByText(/^(Betald|Återbetald|Att betala|Betalas på plats)/).first()).toBeVisible();
    await expect(panel.getByText(/Väntande|Ej betald/i)).toHaveCount(0);
    await panel.getByRole('link', { name: 'Visa detaljer' }).first().click();
    await expect(page).toHaveURL(/\/events\/\d+$/);
  });
});
