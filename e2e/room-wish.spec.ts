import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, expect, loginAs, PRO, test } from './support';

/** A JSON call as the browser makes it (the server checks Origin on writes). */
async function call(page: Page, method: 'POST' | 'PUT', url: string, data?: unknown) {
  const res = await page.request.fetch(url, {
    method,
    headers: { origin: new URL(page.url()).origin },
    data,
  });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return res.json();
}

test.describe('room wishes (issue 27)', () => {
  test('a member asks to share a room with a named member, changes it, and the rooms list says so', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // The admin makes a two-night trip.
    await loginAs(page, ADMIN);
    const start = new Date(Date.now() + 40 * 86_400_000);
    const title = `Rumsresa ${Date.now()}`;
    const event = await call(page, 'POST', '/api/events', {
      title,
      location: 'Båstad GK',
      description: 'Två nätter på hotell.',
      maxParticipants: 8,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 2 * 86_400_000 + 6 * 3_600_000).toISOString(),
      registrationDeadline: null,
      status: 'upcoming',
      registrationFee: 3000,
      greenFee: null,
      greenFeeIncluded: true,
      coffeeIncluded: false,
      lunchIncluded: false,
    });

    // The admin takes part too, so there is someone to name.
    await call(page, 'POST', `/api/events/${event.id}/register`, {});

    // pro@ registers and asks to share with a participant, chosen from the list (issue 30: by id).
    const member = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await loginAs(member, PRO);
    await member.goto(`/events/${event.id}`);
    await member.getByRole('button', { name: 'Anmäl dig' }).click();
    const dialog = member.getByRole('dialog', { name: `Anmäl dig till ${title}` });
    await dialog.getByRole('radio', { name: 'Dela med namngiven medlem' }).check();
    await dialog
      .getByRole('combobox', { name: /Vem vill du dela rum med/ })
      .selectOption({ label: 'Anna Adminsson' });
    await dialog.getByRole('button', { name: 'Slutför anmälan' }).click();
    // The page's alert and, on a slow machine, the toast still showing: either says it.
    await expect(member.getByText('Du är anmäld').first()).toBeVisible();

    // On the event page the member sees the wish and changes it to a single room.
    const card = member.getByRole('heading', { name: 'Rumsönskemål' }).locator('..');
    await expect(card).toContainText('Dela rum med Anna Adminsson');
    await card.getByRole('button', { name: 'Ändra rumsönskemål' }).click();
    await card.getByRole('radio', { name: 'Enkelrum' }).check();
    await card.getByRole('button', { name: 'Spara' }).click();
    await expect(member.getByText('Rumsönskemålet är sparat')).toBeVisible();
    await expect(card).toContainText('Enkelrum');

    // The admin sees it beside the participants and in the rooms list.
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('region', { name: /^Rumsönskemål/ })).toContainText('Enkelrum');
    await page.getByRole('button', { name: 'Exportera' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Rumslista (CSV)' }).click();
    const text = await readFile((await (await download).path()) as string, 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFRum;Namn;Kön;Status;Rumsönskemål;Dela rum med;Rumskompisar');
    expect(lines.some((l) => l.startsWith(';Per Prosson;') && l.includes(';Anmäld;Enkelrum;'))).toBe(true);
  });
});
