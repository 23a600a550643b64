import type { Page } from '@playwright/test';
import { ADMIN, expect, FREE, hasHorizontalScroll, loginAs, memberPages, PRO, test } from './support';

/** A JSON call as the browser makes it (the server checks Origin on writes). */
async function call(page: Page, method: 'POST' | 'PUT', url: string, data?: unknown) {
  const res = await page.request.fetch(url, {
    method,
    headers: { origin: new URL(page.url()).origin },
    data,
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

const member = memberPages();

test.describe("'Vill ses igen' (issue 30)", () => {
  test('two checked-in members answer Dejt about each other and both see the match', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    // The admin makes a golf day; two members register; the day is then over and both were checked in.
    await loginAs(page, ADMIN);
    const start = new Date(Date.now() + 20 * 86_400_000);
    const title = `Vill ses igen-dag ${Date.now()}`;
    const form = {
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
    };
    const event = await call(page, 'POST', '/api/events', form);
    const pro = await member(browser, PRO);
    const free = await member(browser, FREE);
    // Registering takes Pro: the free member is Pro for the moment it takes, then free again.
    await call(page, 'POST', `/api/admin/users/${free.id}/membership`, { membershipType: 'pro' });
    for (const m of [pro, free]) {
      await m.page.goto('/');
      await call(m.page, 'POST', `/api/events/${event.id}/register`, {});
    }
    await call(page, 'POST', `/api/admin/users/${free.id}/membership`, { membershipType: 'free' });
    const ended = new Date(Date.now() - 3_600_000);
    await call(page, 'PUT', `/api/events/${event.id}`, {
      ...form,
      startTime: new Date(ended.getTime() - 6 * 3_600_000).toISOString(),
      endTime: ended.toISOString(),
      status: 'completed',
    });
    const regs = (await (await page.request.get(`/api/events/${event.id}/registrations`)).json()) as {
      id: number;
      userId: string;
    }[];
    for (const m of [pro, free]) {
      const reg = regs.find((r) => r.userId === m.id)!;
      await call(page, 'PUT', `/api/registrations/${reg.id}/attendance`, { attendance: 'present' });
    }

    // Per answers 'Dejt' about the other member: nothing is revealed yet.
    await pro.page.goto(`/events/${event.id}`);
    const proCard = pro.page.getByRole('region', { name: 'Vill ses igen' });
    await expect(proCard).toContainText('Ett Nej tack visas aldrig');
    const proChoice = proCard.getByRole('radiogroup');
    await expect(proChoice).toHaveCount(1);
    await proChoice.getByRole('radio', { name: 'Dejt' }).click(); // a tap before hydrating is held and replayed: checked a moment later
    await expect(proChoice.getByRole('radio', { name: 'Dejt' })).toBeChecked();
    await expect(proCard.getByText(/Ni matchade/)).toHaveCount(0);
    expect(await hasHorizontalScroll(pro.page)).toBe(false);

    // The other member has not been told anything; they answer 'Dejt' too and see the match at once.
    await free.page.goto(`/events/${event.id}`);
    const freeCard = free.page.getByRole('region', { name: 'Vill ses igen' });
    const freeChoice = freeCard.getByRole('radiogroup');
    await expect(freeChoice.getByRole('radio', { name: 'Dejt' })).not.toBeChecked();
    await expect(freeCard.getByText(/Ni matchade/)).toHaveCount(0);
    await freeChoice.getByRole('radio', { name: 'Dejt' }).click();
    await expect(freeCard.getByText('Ni matchade: Dejt')).toBeVisible();
    expect(await hasHorizontalScroll(free.page)).toBe(false);

    // Per sees it on the event page, gets a notice and finds it under 'Matchningar' with the conversation.
    await pro.page.reload();
    await expect(proCard.getByText('Ni matchade: Dejt')).toBeVisible();
    await proCard.getByRole('link', { name: 'Mina matchningar' }).click();
    await expect(pro.page.getByRole('heading', { name: 'Matchningar', level: 1 })).toBeVisible();
    const list = pro.page.getByRole('list', { name: 'Mina matchningar' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Dejt');
    await expect(list).toContainText(title);
    expect(await hasHorizontalScroll(pro.page)).toBe(false);
    await list.getByRole('link', { name: /^Skriv till / }).click();
    await expect(pro.page).toHaveURL(new RegExp(`/messages/${free.id}$`));

    // The other side's list shows Per.
    await free.page.goto('/matchningar');
    await expect(free.page.getByRole('list', { name: 'Mina matchningar' })).toContainText(title);
    const notices = (await (await free.page.request.get('/api/notifications')).json()) as unknown;
    expect(JSON.stringify(notices)).toContain('Du har en ny matchning');
  });
});
