import { readFile } from 'node:fs/promises';
import { stockholmClock } from '@common/time';
import type { Page } from '@playwright/test';
import { titleSlug } from '../server/exports/export-lists';
import { ADMIN, demoEvent, expect, loginAs, test } from './support';

// The demo competition (Bro Hof in the season, a simulator evening in winter) has 14 registered members:
// four groups (4, 4, 3, 3).

async function json<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

test.describe('organiser tools', () => {
  test('the admin distributes tee times, publishes the groups and downloads the lists', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, ADMIN);
    const { id, title } = await demoEvent(page, 'competition');
    // The files are named after the event: 'Singeltävlingen på Bro Hof Slott' → 'singeltavlingen-pa-bro-hof-slott'.
    const slug = titleSlug(title, id);
    await page.goto(`/events/${id}`);
    await page.getByRole('tab', { name: 'Bollgrupper' }).click();

    await page.getByRole('button', { name: 'Generera bollgrupper' }).click();
    const confirm = page.getByRole('button', { name: 'Generera nya grupper' });
    if (await confirm.isVisible({ timeout: 1500 }).catch(() => false)) await confirm.click();
    await expect(page.getByRole('tab', { name: 'Bollgrupp 4 (3)' })).toBeVisible();

    // 'Fördela starttider' offers the event's own start as the first tee time (issue 27) ...
    const { startTime } = await json<{ startTime: string }>(page, `/api/events/${id}`);
    await page.getByRole('button', { name: 'Fördela starttider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fördela starttider' });
    await expect(dialog.getByLabel('Första starttid')).toHaveValue(stockholmClock(new Date(startTime)));
    // ... and the organiser chooses every 9 minutes from 08:30, all from hole 1.
    await dialog.getByLabel('Första starttid').fill('08:30');
    await dialog.getByLabel('Intervall (minuter)').fill('9');
    await expect(dialog.getByText('Första grupp 08:30, sista grupp 08:57, alla från hål 1.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Fördela starttider' }).click();
    await expect(page.getByText('Starttiderna är fördelade')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('tab', { name: 'Bollgrupp 1 (4)' }).click();
    await expect(page.getByLabel('Starttid för Bollgrupp 1')).toHaveValue('08:30');
    await expect(page.getByLabel('Starthål för Bollgrupp 1')).toHaveValue('1');
    await page.getByRole('tab', { name: 'Bollgrupp 3 (3)' }).click();
    await expect(page.getByLabel('Starttid för Bollgrupp 3')).toHaveValue('08:48');

    // One group moves to hole 10 by hand.
    await page.getByLabel('Starthål för Bollgrupp 3').fill('10');
    await page.getByRole('button', { name: 'Spara starttid' }).click();
    await expect(page.getByText('Starttiden är sparad')).toBeVisible();

    // The print view holds the same start list as the PDF.
    await expect(page.getByTestId('start-list')).toContainText('Starttid 08:48 · Hål 10 · Bollgrupp 3');

    // Publish (issue 27): first who will be told and how the notice reads; cancelling publishes nothing.
    const publishedAt = async () =>
      (await json<{ ballGroupsPublishedAt: string | null }>(page, `/api/events/${id}`)).ballGroupsPublishedAt;
    await page.getByRole('button', { name: 'Publicera bollgrupper' }).click();
    const ask1 = page.getByRole('dialog', { name: 'Publicera bollgrupper?' });
    await expect(ask1.getByText('14 medlemmar får en notis')).toBeVisible();
    await expect(ask1.getByText(/ och 4 till$/)).toBeVisible();
    const notice = ask1.getByRole('region', { name: 'Förhandsvisning av notisen' });
    await expect(notice).toContainText(`Bollgrupper: ${title}`);
    await expect(notice).toContainText(/Du spelar i Bollgrupp \d med start .*\d\d:\d\d\./);
    await ask1.getByRole('button', { name: 'Avbryt' }).click();
    await expect(ask1).toHaveCount(0);
    expect(await publishedAt()).toBeNull();
    // Confirmed: the members see their groups from now on.
    await page.getByRole('button', { name: 'Publicera bollgrupper' }).click();
    await ask1.getByRole('button', { name: 'Publicera bollgrupper' }).click();
    await expect(page.getByText('Bollgrupperna är publicerade')).toBeVisible();
    const detail = { ballGroupsPublishedAt: await publishedAt() };
    expect(detail.ballGroupsPublishedAt).not.toBeNull();
    // After a reload the button still says when they were published; publishing again asks first.
    await page.reload();
    await page.getByRole('tab', { name: 'Bollgrupper' }).click();
    const again = page.getByRole('button', { name: /^Publicerade .+ kl\. \d\d:\d\d – publicera igen$/ });
    await expect(again).toBeVisible();
    await again.click();
    const ask = page.getByRole('dialog', { name: 'Publicera bollgrupper igen?' });
    await expect(ask).toContainText(
      'Deltagare vars bollgrupp eller starttid har ändrats sedan dess får en ny notis; 14 har redan fått besked om sin grupp.',
    );
    await expect(ask.getByText('Ingen medlem får någon notis.')).toBeVisible();
    await ask.getByRole('button', { name: 'Avbryt' }).click();
    await expect(ask).toHaveCount(0);
    expect(
      (await json<{ ballGroupsPublishedAt: string | null }>(page, `/api/events/${id}`)).ballGroupsPublishedAt,
    ).toBe(detail.ballGroupsPublishedAt);

    // The start list as PDF.
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Ladda ner startlista (PDF)' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`${slug}-startlista.pdf`);
    expect((await readFile((await pdf.path()) as string)).subarray(0, 5).toString()).toBe('%PDF-');

    // The participant list as CSV for Excel, from 'Exportera' above the participant table.
    await page.getByRole('tab', { name: 'Deltagare' }).click();
    await page.getByRole('button', { name: 'Exportera' }).click();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Deltagarlista (CSV)' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`${slug}-deltagare.csv`);
    const text = await readFile((await csv.path()) as string, 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFNamn;E-post;Handicap;Golf-ID;Klubb;Status;Betalning;Att betala;Anteckningar',
    );
    expect(lines.filter((l) => l.includes(';Anmäld;'))).toHaveLength(14);

    // The exports are in the audit log.
    const log = await json<{ action: string; details: { list?: string; format?: string } }[]>(
      page,
      `/api/admin/audit?action=event.export&targetId=${id}`,
    );
    expect(log.map((e) => `${e.details.list}.${e.details.format}`).sort()).toEqual([
      'participants.csv',
      'start-list.pdf',
    ]);
  });

  test('the admin asks for two members to play together; the next groups honour it and say so', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loginAs(page, ADMIN);
    const { id } = await demoEvent(page, 'competition');
    await page.goto(`/events/${id}`);
    await page.getByRole('tab', { name: 'Bollgrupper' }).click();

    const together = page.getByRole('region', { name: 'Spela tillsammans' });
    await together.getByRole('combobox', { name: 'Deltagare' }).click();
    const firstName = (await page.getByRole('option').first().textContent()) ?? '';
    await page.getByRole('option').first().click();
    await together.getByRole('combobox', { name: 'Spelar med' }).click();
    const secondName = (await page.getByRole('option').last().textContent()) ?? '';
    await page.getByRole('option').last().click();
    await together.getByRole('button', { name: 'Lägg till' }).click();
    const requests = together.getByRole('list', { name: 'Önskemål om att spela tillsammans' });
    // Listed as one pair, in either order.
    const request = requests
      .getByRole('listitem')
      .filter({ hasText: firstName })
      .filter({ hasText: secondName });
    await expect(request).toHaveCount(1);

    await page.getByRole('button', { name: 'Generera bollgrupper' }).click();
    const confirm = page.getByRole('button', { name: 'Generera nya grupper' });
    if (await confirm.isVisible({ timeout: 1500 }).catch(() => false)) await confirm.click();
    const explanation = page.getByRole('list', { name: 'Förklaring av indelningen' });
    await expect(
      explanation.getByText('Alla 1 par som ska spela tillsammans är i samma bollgrupp.'),
    ).toBeVisible();
    // The two are in one group: its tab panel lists both.
    const groups = await json<{ members: { name: string }[] }[]>(page, `/api/events/${id}/groups`);
    const names = groups.map((g) => g.members.map((m) => m.name));
    expect(names.some((g) => g.includes(firstName) && g.includes(secondName))).toBe(true);

    // The pair is listed in either order (by member id): its own item's button.
    await request.getByRole('button', { name: /^Ta bort önskemålet: / }).click();
    await expect(together.getByText('Inga önskemål.')).toBeVisible();
  });
});
