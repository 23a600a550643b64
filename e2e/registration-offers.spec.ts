import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ADMIN, expect, FREE, loginAs, PRO, pick, signUp, test, uniqueEmail } from './support';

/** A JSON call as the browser makes it (the server checks Origin on writes). */
async function call(page: Page, method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const request: APIRequestContext = page.request;
  const res = await request.fetch(url, { method, headers: { origin }, data });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return res.json().catch(() => null);
}

async function newPage(browser: Browser) {
  return (await browser.newContext({ serviceWorkers: 'block' })).newPage();
}

test.describe('registration life cycle', () => {
  test('a waitlisted member gets an offer when a place opens, accepts it and pays in test mode', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000); // five members on a shared machine
    // The admin makes a full four-place trip: places are offered, the fee is paid on the site.
    await loginAs(page, ADMIN);
    const start = new Date(Date.now() + 30 * 86_400_000);
    const title = `Erbjudanderesa ${Date.now()}`;
    const event = await call(page, 'POST', '/api/events', {
      title,
      location: 'Falsterbo GK',
      description: 'Reservlistan får erbjudanden.',
      maxParticipants: 4,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
      registrationDeadline: null,
      status: 'upcoming',
      registrationFee: 300,
      greenFee: null,
      greenFeeIncluded: true,
      coffeeIncluded: false,
      lunchIncluded: false,
      waitlistMode: 'offer',
      waitlistOfferHours: 24,
      payOnline: true,
    });
    const url = `/events/${event.id}`;
    const register = (p: Page) => call(p, 'POST', `/api/events/${event.id}/register`, {});

    // Four places: the admin, free@ (made Pro), a new member (made Pro) and pro@; the waiting one is new too.
    const idOf = async (email: string) => {
      const res = await page.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
      const list = (await res.json()) as { id: string; email: string }[];
      return list.find((u) => u.email === email)!.id;
    };
    const makePro = (id: string) =>
      call(page, 'POST', `/api/admin/users/${id}/membership`, { membershipType: 'pro' });
    await register(page);
    const free = await newPage(browser);
    await loginAs(free, FREE);
    await makePro(await idOf(FREE));
    await register(free);
    const pro = await newPage(browser);
    await loginAs(pro, PRO);
    await register(pro);
    const third = await newPage(browser);
    const thirdEmail = uniqueEmail('tredje');
    await signUp(third, { firstName: 'Tora', lastName: 'Tredje', email: thirdEmail, password: 'birdie2026' });
    const waiting = await newPage(browser);
    const waitingEmail = uniqueEmail('vanta');
    await signUp(waiting, {
      firstName: 'Vera',
      lastName: 'Väntar',
      email: waitingEmail,
      password: 'birdie2026',
    });
    const all = (await (await page.request.get('/api/admin/users?limit=200')).json()) as {
      id: string;
      email: string;
    }[];
    await makePro(all.find((u) => u.email === thirdEmail)!.id);
    await makePro(all.find((u) => u.email === waitingEmail)!.id);
    await register(third);
    expect((await register(waiting)).status).toBe('waitlisted');

    await waiting.goto(url);
    await expect(waiting.getByText('Du är nummer 1 i kön')).toBeVisible();

    // free@ cancels: the place is offered to the first in line, with a countdown.
    await free.goto(url);
    await free.getByRole('button', { name: 'Avboka anmälan' }).click();
    await free
      .getByRole('dialog', { name: 'Avboka anmälan' })
      .getByRole('button', { name: 'Avboka' })
      .click();
    await expect(free.getByText('Din plats är avbokad.')).toBeVisible();

    await waiting.reload();
    await expect(waiting.getByText('En plats är ledig för dig!')).toBeVisible();
    await expect(waiting.getByText(/Svara senast .* \(om 23 h \d+ min\)/)).toBeVisible();
    // The offer is answered with 'Tacka ja' / 'Tacka nej' only, not also 'Avboka anmälan'.
    await expect(waiting.getByRole('button', { name: 'Tacka nej' })).toBeVisible();
    await expect(waiting.getByRole('button', { name: 'Avboka anmälan' })).toHaveCount(0);
    await waiting.getByRole('button', { name: 'Tacka ja och betala 300 kr' }).click();

    // The built-in test payment page, then back on the event page: registered and paid.
    await waiting.waitForURL(/\/test-checkout\/cs_test_/);
    await expect(waiting.getByText(title)).toBeVisible();
    await waiting.getByRole('button', { name: 'Betala 300 kr' }).click();
    await waiting.waitForURL(new RegExp(`/events/${event.id}`));
    await expect(waiting.getByText('Betalningen är klar')).toBeVisible({ timeout: 15_000 });
    await expect(waiting.getByText('Du är anmäld')).toBeVisible();
    await expect(
      waiting.getByRole('alert', { name: 'Du är anmäld' }).getByText('Betald 300 kr'),
    ).toBeVisible();
    expect(waiting.url()).not.toContain('session_id');

    // The admin sees the history: free@'s cancellation, and the paid place.
    await page.goto(url);
    // Right after the page loads a tap on the list may come before the part has hydrated: pick() opens it
    // again if it did not open.
    await pick(page, 'Visa', 'Avbokade');
    await expect(page.getByRole('table', { name: 'Deltagare' }).getByText('Avbokad')).toBeVisible();
  });
});
