import type { Page } from '@playwright/test';
import { ADMIN, expect, hasHorizontalScroll, loginAs, PRO, test } from './support';

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

test.describe('Samåkning (issue 30)', () => {
  test('a member offers a ride, another asks for a seat, the driver accepts, and both see it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    // The admin makes a round a month ahead and takes part (the passenger of this journey).
    await loginAs(page, ADMIN);
    const start = new Date(Date.now() + 30 * 86_400_000);
    const title = `Samåkningsdag ${Date.now()}`;
    const event = await call(page, 'POST', '/api/events', {
      title,
      location: 'Österåker GK',
      description: 'En dag på banan.',
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
    });
    await call(page, 'POST', `/api/events/${event.id}/register`, {});

    // pro@ (Per Prosson) registers and offers two seats from Täby, on a phone-sized screen.
    const driverContext = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
    });
    const driver = await driverContext.newPage();
    await loginAs(driver, PRO);
    await driver.goto(`/events/${event.id}`);
    await call(driver, 'POST', `/api/events/${event.id}/register`, {});
    await driver.reload();
    const section = driver.getByRole('region', { name: 'Samåkning' });
    // The section loads on its own (lazily): give a busy machine time.
    await expect(section).toContainText('Ingen har lagt upp någon samåkning än.', { timeout: 30_000 });
    await section.getByRole('button', { name: 'Erbjud eller sök skjuts' }).click();
    const form = section.getByRole('form', { name: 'Ny samåkning' });
    await form.getByRole('radio', { name: 'Erbjuder skjuts' }).check();
    await form.getByRole('combobox', { name: /Åker från/ }).fill('Täby');
    await form.getByRole('textbox', { name: /Lediga platser/ }).fill('2');
    await form.getByRole('textbox', { name: /Meddelande/ }).fill('Hämtar vid Täby centrum, plats för bagen.');
    await form.getByRole('button', { name: 'Lägg upp' }).click();
    const driverRide = section.getByRole('article', { name: 'Erbjuder skjuts: Per Prosson från Täby' });
    await expect(driverRide).toContainText('2 av 2 platser kvar');
    expect(await hasHorizontalScroll(driver)).toBe(false);

    // The admin asks for a seat; the ride says they wait for an answer.
    await page.goto(`/events/${event.id}`);
    const passengerRide = page
      .getByRole('region', { name: 'Samåkning' })
      .getByRole('article', { name: 'Erbjuder skjuts: Per Prosson från Täby' });
    await expect(passengerRide).toContainText('Hämtar vid Täby centrum', { timeout: 30_000 });
    await passengerRide.getByRole('button', { name: 'Be om plats' }).click();
    await expect(passengerRide).toContainText('Väntar på svar');

    // The driver sees who asked and accepts.
    await driver.reload();
    await expect(driverRide).toContainText('Anna Adminsson – väntar', { timeout: 30_000 });
    await driverRide.getByRole('button', { name: 'Godkänn Anna Adminsson' }).click();
    await expect(driverRide).toContainText('Anna Adminsson – godkänd');
    await expect(driverRide).toContainText('1 av 2 platser kvar');

    // Both see the accepted ride; they agree on the time in the ride's conversation.
    await page.reload();
    await expect(passengerRide).toContainText('Du åker med', { timeout: 30_000 });
    await expect(passengerRide).toContainText('Anna Adminsson – godkänd');
    await passengerRide.getByRole('button', { name: 'Konversation' }).click();
    await passengerRide
      .getByRole('textbox', { name: 'Meddelande till samåkningen' })
      .fill('Tack! Ses 07.00.');
    await passengerRide.getByRole('button', { name: 'Skicka' }).click();
    await expect(passengerRide.getByRole('log')).toContainText('Tack! Ses 07.00.');
    await driverRide.getByRole('button', { name: 'Konversation' }).click();
    await expect(driverRide.getByRole('log')).toContainText('Anna Adminsson');
    await expect(driverRide.getByRole('log')).toContainText('Tack! Ses 07.00.');
    // The passenger's message reached the driver's bell as the ride conversation's notice.
    await driver.getByRole('button', { name: /^Notiser/ }).click();
    await expect(driver.getByRole('dialog', { name: 'Notiser' })).toContainText(`Samåkningen till ${title}`, {
      timeout: 15_000,
    });
    await driverContext.close();
  });
});
