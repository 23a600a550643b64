import { readFile } from 'node:fs/promises';
import { defaultStatsPeriod } from '@common/rules/stats-period';
import type { StatsReport } from '@common/schemas/admin-statistics';
import { ADMIN, expect, hasHorizontalScroll, loginAs, test } from './support';

test.describe('admin navigation and statistics (issue 27)', () => {
  test('the admin navigation stays on every admin page and opens Statistik och rapporter', async ({
    page,
  }) => {
    await loginAs(page, ADMIN);
    await page.goto('/admin/audit');
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await expect(nav.getByRole('link', { name: 'Logg' })).toHaveAttribute('aria-current', 'page');
    for (const [link, path, heading] of [
      ['Medlemskap', '/admin/members', 'Hantera medlemskap'],
      ['E-post', '/admin/email', 'E-post'],
      ['Anmälningar', '/admin/reports', 'Anmälningar'],
      ['Statistik', '/admin/statistik', 'Statistik och rapporter'],
    ]) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(nav.getByRole('link', { name: link, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }

    // The page shows the server's figures for the last 12 months.
    const report = (await (await page.request.get('/api/admin/stats/report')).json()) as StatsReport;
    const { from, to } = defaultStatsPeriod();
    expect({ from: report.from, to: report.to }).toEqual({ from, to });
    await expect(page.getByRole('region', { name: 'Anmälningar' })).toContainText(
      String(report.totals.registrations),
    );
    await expect(page.getByRole('region', { name: 'Nya medlemmar' })).toContainText(
      String(report.totals.newMembers),
    );
    const months = page.getByRole('table', { name: 'Per månad' });
    // A header row, 12 months and the sum row.
    await expect(months.getByRole('row')).toHaveCount(14);
    await expect(months.getByRole('row').last()).toContainText('Totalt');
    const events = page.getByRole('table', { name: 'Per evenemang' });
    await expect(events.getByRole('row')).toHaveCount(report.events.length + 1);

    // Each table downloads as CSV for Excel.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Ladda ner CSV per månad' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`statistik-manader-${from}-${to}.csv`);
    const lines = (await readFile((await file.path()) as string, 'utf8')).split('\r\n');
    expect(lines[0].startsWith('\uFEFFMånad;Nya anmälningar;')).toBe(true);
    expect(lines[13].startsWith(`Totalt;${report.totals.registrations};`)).toBe(true);

    // On a phone: the navigation is a select, and the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('combobox', { name: 'Adminsida' })).toHaveValue('Statistik');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('combobox', { name: 'Adminsida' }).click();
    await page.getByRole('option', { name: 'Logg', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Logg' })).toBeVisible();
  });
});
