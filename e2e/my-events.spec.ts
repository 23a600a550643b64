import type { Page } from '@playwright/test';
import { ADMIN, expect, FREE, loginAs, PRO, test } from './support';

/** A JSON call as the browser makes it (the server checks Origin on writes). */
async function call(page: Page, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(url, { method, headers: { origin }, data });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return res.json().catch(() => null);
}

interface ListedEvent {
  id: number;
  title: string;
  startTime: string;
  status: string;
  maxParticipants: number;
  registeredCount: number;
  registrationDeadline: string | null;
  registrationOpensAt: string | null;
}

/** Issue 27, 'Where am I going?': the member's own coming events on the start page, the list and the event page. */
test.describe('my coming events', () => {
  test('a member sees their places with status, amount due and tee time; the list and calendar mark them; event day has directions', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // The organiser makes a round 20 days ahead, paid on site, coffee and lunch included.
    await loginAs(page, ADMIN);
    const start = new Date(Date.now() + 20 * 86_400_000);
    start.setUTCHours(8, 0, 0, 0); // 10:00 in Swedish summer time, 09:00 in winter
    const title = `Min golfdag ${Date.now()}`;
    const event = await call(page, 'POST', '/api/events', {
      title,
      location: 'Bro Hof Slott GK, Bro',
      description: 'En dag på banan.',
      maxParticipants: 8,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
      registrationDeadline: null,
      status: 'upcoming',
      registrationFee: 445,
      greenFee: null,
      greenFeeIncluded: true,
      coffeeIncluded: true,
      lunchIncluded: true,
      payOnline: false,
    });
    await call(page, 'POST', `/api/events/${event.id}/register`, {});

    const member = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await loginAs(member, PRO);
    await call(member, 'POST', `/api/events/${event.id}/register`, {});
    // A full event of the demo data where pro@ holds a place: they give it up and join again, at the
    // back of the reservlista.
    const listed = (await (await member.request.get('/api/events')).json()) as ListedEvent[];
    const already = (await (await member.request.get('/api/me/upcoming-events')).json()) as {
      status: string;
      event: { id: number };
    }[];
    const full = listed.find(
      (e) =>
        already.some((u) => u.event.id === e.id && u.status === 'registered') &&
        e.status === 'upcoming' &&
        e.registeredCount >= e.maxParticipants &&
        Date.parse(e.startTime) > Date.now() &&
        (!e.registrationDeadline || Date.parse(e.registrationDeadline) > Date.now()) &&
        (!e.registrationOpensAt || Date.parse(e.registrationOpensAt) < Date.now()),
    );
    expect(full, 'a full demo event where pro@ is registered').toBeTruthy();
    await call(member, 'DELETE', `/api/events/${full!.id}/register`);
    const waitlisted = await call(member, 'POST', `/api/events/${full!.id}/register`, {});
    expect(waitlisted.status).toBe('waitlisted');
    const mine = await (await member.request.get(`/api/events/${full!.id}/registration`)).json();
    const waitLabel = `Reservlista nr ${mine.position}`;

    // The start page opens with 'Dina kommande evenemang'.
    await member.goto('/');
    const section = member.getByRole('region', { name: 'Dina kommande evenemang' });
    await expect(section).toBeVisible();
    const card = section.getByRole('article', { name: title });
    await expect(card.getByText('Anmäld', { exact: true })).toBeVisible();
    await expect(card.getByText('Bro Hof Slott GK, Bro')).toBeVisible();
    await expect(card.getByText('Att betala 445 kr – betalas på plats')).toBeVisible();
    await expect(card.getByText(/Starttid/)).toHaveCount(0);
    const waitCard = section.getByRole('article', { name: full!.title });
    await expect(waitCard.getByText(waitLabel, { exact: true })).toBeVisible();

    // The organiser makes and publishes the ball groups with tee times from 10:00.
    await call(page, 'POST', `/api/events/${event.id}/groups`, {});
    await call(page, 'POST', `/api/events/${event.id}/groups/tee-times`, {
      firstTeeTime: '10:00',
      intervalMinutes: 10,
      mode: 'interval',
    });
    await call(page, 'POST', `/api/events/${event.id}/groups/publish`, {});
    await member.reload();
    await expect(
      member.getByRole('region', { name: 'Dina kommande evenemang' }).getByRole('article', { name: title }),
    ).toContainText(/Starttid 10:00 · .+ · Hål 1/);

    // The events list marks both, and so does the calendar in the event's month.
    await member.goto('/events');
    const listCard = member.getByRole('article').filter({ hasText: title });
    await expect(listCard.getByText('Anmäld', { exact: true })).toBeVisible();
    await expect(
      member.getByRole('article').filter({ hasText: full!.title }).getByText(waitLabel, { exact: true }),
    ).toBeVisible();
    await member.getByRole('tab', { name: 'Kalender' }).click();
    const monthOf = (d: Date) =>
      d.toLocaleDateString('sv-SE', { month: 'long', timeZone: 'Europe/Stockholm' });
    const calendar = member.getByRole('list', { name: /^Kalender/ });
    for (let i = 0; i < 2 && !(await calendar.getAttribute('aria-label'))?.includes(monthOf(start)); i++) {
      await member.getByRole('button', { name: 'Nästa månad' }).click();
    }
    const day = member.getByRole('listitem').filter({ has: member.getByRole('link', { name: title }) });
    // The badge on a wide screen (a dot with the same words for screen readers on a phone).
    await expect(day.first().getByText('Anmäld', { exact: true }).locator('visible=true')).toBeVisible();

    // Event day on the event page: directions in a new tab, what is included, the tee time.
    await member.getByRole('link', { name: title }).first().click();
    const dayCard = member.getByRole('region', { name: 'Din dag' });
    await expect(dayCard).toBeVisible();
    const directions = dayCard.getByRole('link', { name: /Vägbeskrivning till Bro Hof Slott GK, Bro/ });
    await expect(directions).toHaveAttribute('target', '_blank');
    await expect(directions).toHaveAttribute('rel', /noopener/);
    const href = new URL((await directions.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://www.google.com/maps/dir/');
    expect(href.searchParams.get('destination')).toBe('Bro Hof Slott GK, Bro');
    await expect(dayCard.getByRole('listitem')).toHaveText(['Greenfee', 'Kaffe/smörgås', 'Lunch']);
    await expect(dayCard).toContainText(/Starttid 10:00/);

    // Leaving the reservlista: its notice says it is no longer current.
    const placeNotice = member.getByRole('button', { name: new RegExp(`på reservlistan: ${full!.title}`) });
    await member.goto('/notifications');
    await expect(placeNotice.first()).toBeVisible();
    await expect(placeNotice.first()).not.toContainText('Inte längre aktuell');
    await call(member, 'DELETE', `/api/events/${full!.id}/register`);
    await member.reload();
    await expect(placeNotice.first()).toContainText('Inte längre aktuell');
    await expect(placeNotice.first()).toHaveAccessibleName(/\(inte längre aktuell\)$/);
  });

  test('a member without coming places is led to the events list', async ({ page }) => {
    await loginAs(page, FREE);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Dina kommande evenemang' });
    await expect(section.getByText('Du är inte anmäld till något kommande evenemang.')).toBeVisible();
    await section.getByRole('link', { name: 'Hitta ett evenemang' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });
});
