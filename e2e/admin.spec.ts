import type { Page } from '@playwright/test';
import { ADMIN, demoEvent, expect, hasHorizontalScroll, loginAs, PRO, test } from './support';

interface EventRow {
  id: number;
  title: string;
  startTime: string;
}
interface GroupRow {
  id: number;
  name: string;
  members: { id: number; userId: string; name: string }[];
}

async function json<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

test.describe('admin', () => {
  test('the dashboard shows figures that match the demo data', async ({ page }) => {
    await loginAs(page, ADMIN);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Adminpanel' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skapa evenemang' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hantera medlemmar' })).toBeVisible();
    // The admin area's own navigation (issue 27): every admin page, the current one marked.
    const nav = page.getByRole('navigation', { name: 'Administration' });
    for (const link of [
      'Översikt',
      'Evenemang',
      'Medlemskap',
      'Statistik',
      'Banor',
      'Anmälningar',
      'E-post',
      'Logg',
    ]) {
      await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Översikt' })).toHaveAttribute('aria-current', 'page');

    // The figures on screen are the server's, and those are the demo data's.
    const stats = await json<{ totalUsers: number; upcomingEvents: number; unreadMessages: number }>(
      page,
      '/api/admin/stats',
    );
    const events = await json<EventRow[]>(page, '/api/events');
    const feedback = await json<unknown[]>(page, '/api/admin/feedback');
    const upcoming = events.filter((e) => Date.parse(e.startTime) > Date.now()).length;
    expect(stats.upcomingEvents).toBe(upcoming);
    expect(feedback.length).toBeGreaterThan(0);

    // The dashboard's figures are recomputed at most once a minute: an earlier journey may have loaded
    // them before members signed up, so the page and the API agree once both are read anew.
    await expect(async () => {
      const now = await json<{ totalUsers: number; unreadMessages: number }>(page, '/api/admin/stats');
      await page.reload();
      await expect(page.getByRole('region', { name: 'Medlemmar' })).toContainText(String(now.totalUsers), {
        timeout: 3000,
      });
      await expect(page.getByRole('region', { name: 'Olästa meddelanden' })).toContainText(
        String(now.unreadMessages),
        { timeout: 3000 },
      );
    }).toPass({ timeout: 30_000 });
    const overview = page.getByRole('region', { name: 'Snabböversikt' });
    await expect(overview.getByText('Kommande evenemang').locator('..')).toContainText(String(upcoming));
    await expect(
      page.getByText(`Visar ${Math.min(5, feedback.length)} av ${feedback.length} feedback`),
    ).toBeVisible();
    // No placeholder cards: every tool opens a page.
    await expect(page.getByText('Kommer snart')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Senaste aktivitet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Medlemsstatistik' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Åldersfördelning' }).getByRole('listitem')).toHaveCount(5);
    // Every handicap band is labelled under its bar, the last one too.
    await expect(page.locator('.recharts-cartesian-axis-tick-value', { hasText: '21+' })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);

    // On a phone the admin navigation is a select of the same pages.
    await page.getByRole('combobox', { name: 'Adminsida' }).click();
    await page.getByRole('option', { name: 'Evenemang', exact: true }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('the admin generates, moves, renames and deletes ball groups; the member sees the group', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000); // two browsers and a dozen round trips on a shared machine
    // The member, in a browser of their own.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await loginAs(member, PRO);
    const me = await json<{ id: string }>(member, '/api/auth/user');

    await loginAs(page, ADMIN);
    // The full weekend trip (Båstad in the season, Spain in winter: the demo data follows the date).
    const { id, title: FULL_EVENT } = await demoEvent(page, 'fullTrip');
    await page.goto(`/events/${id}`);
    await page.getByRole('tab', { name: 'Bollgrupper' }).click();

    const generate = page.getByRole('button', { name: 'Generera bollgrupper' });
    await expect(generate).toBeVisible();
    await generate.click();
    // Groups may exist already (the demo data or an earlier journey): then the admin confirms.
    const confirm = page.getByRole('button', { name: 'Generera nya grupper' });
    if (await confirm.isVisible({ timeout: 1500 }).catch(() => false)) await confirm.click();

    // 16 registered members: four groups of four, with the figures behind them.
    for (let n = 1; n <= 4; n++)
      await expect(page.getByRole('tab', { name: `Bollgrupp ${n} (4)` })).toBeVisible();
    await expect(page.getByText('Senaste indelningen')).toBeVisible();
    await expect(page.getByText('Handicapspridning mellan grupper')).toBeVisible();
    await expect(page.getByText('Blandade grupper')).toBeVisible();
    await expect(page.getByText('Upprepade par undvikna')).toBeVisible();
    await expect(page.getByText('Könsfördelning')).toBeVisible();
    await expect(page.getByText('Snitthandicap')).toBeVisible();

    // Move the first member of group 1 to group 2.
    await page.getByRole('tab', { name: 'Bollgrupp 1 (4)' }).click();
    await page
      .getByRole('button', { name: /^Flytta / })
      .first()
      .click();
    const moveDialog = page.getByRole('dialog');
    await moveDialog.getByRole('combobox', { name: 'Till bollgrupp' }).click();
    await page.getByRole('option', { name: 'Bollgrupp 2 (4)' }).click();
    await moveDialog.getByRole('button', { name: 'Flytta' }).click();
    await expect(page.getByText('Deltagaren är flyttad')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Bollgrupp 1 (3)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Bollgrupp 2 (5)' })).toBeVisible();

    // Rename group 2: a blank name is refused, a real one is saved.
    await page.getByRole('tab', { name: 'Bollgrupp 2 (5)' }).click();
    await page.getByRole('button', { name: 'Byt namn' }).click();
    const nameField = page.getByLabel('Gruppnamn');
    await nameField.fill('   ');
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await expect(page.getByText('Ange ett namn för bollgruppen')).toBeVisible();
    await nameField.fill('Morgonbollen');
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await expect(page.getByText('Gruppen har bytt namn')).toBeVisible();
    await expect(page.getByText('Bollgruppen har fått sitt nya namn.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Morgonbollen (5)' })).toBeVisible();

    // Delete group 3 after the confirmation; its members become unassigned.
    await page.getByRole('tab', { name: 'Bollgrupp 3 (4)' }).click();
    await page.getByRole('button', { name: 'Ta bort grupp' }).click();
    await expect(
      page.getByText(
        'Vill du ta bort bollgruppen? Deltagarna i den blir utan bollgrupp, och det går inte att ångra.',
      ),
    ).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Ta bort' }).click();
    await expect(page.getByText('Gruppen är borttagen')).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Bollgrupp 3/ })).toHaveCount(0);

    // Add a member from the unassigned to group 1: our member when the deleted group held them.
    let groups = await json<GroupRow[]>(page, `/api/events/${id}/groups`);
    const who = await json<{ firstName: string; lastName: string }>(member, '/api/auth/user');
    const memberUnassigned = !groups.some((g) => g.members.some((m) => m.userId === me.id));
    await page.getByRole('tab', { name: 'Bollgrupp 1 (3)' }).click();
    await page.getByRole('button', { name: 'Lägg till deltagare i gruppen' }).click();
    await page.getByRole('combobox', { name: 'Deltagare utan bollgrupp' }).click();
    const option = memberUnassigned
      ? page.getByRole('option', { name: `${who.firstName} ${who.lastName}` })
      : page.getByRole('option').first();
    await option.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Lägg till' }).click();
    await expect(page.getByText('Deltagaren är tillagd')).toBeVisible();
    groups = await json<GroupRow[]>(page, `/api/events/${id}/groups`);
    await expect(page.getByRole('tab', { name: 'Bollgrupp 1 (4)' })).toBeVisible();
    const myGroup = groups.find((g) => g.members.some((m) => m.userId === me.id));
    expect(myGroup).toBeDefined();

    // The printable start list holds every group.
    await expect(page.getByTestId('start-list')).toContainText(`Startlista – ${FULL_EVENT}`);

    // The member sees the group on 'Mina evenemang' once the admin has published the groups.
    await page.getByRole('button', { name: /^Publicera bollgrupper/ }).click();
    await page
      .getByRole('dialog', { name: /^Publicera bollgrupper/ })
      .getByRole('button', { name: /^Publicera bollgrupper/ })
      .click();
    await expect(page.getByText('Bollgrupperna är publicerade')).toBeVisible();
    await member.goto('/profile');
    await member.getByRole('tab', { name: 'Mina evenemang' }).click();
    const card = member.locator('div', { has: member.getByRole('heading', { name: FULL_EVENT }) }).last();
    await expect(card).toContainText(myGroup!.name);
    await memberContext.close();
  });
});
