import type { Browser, Locator } from '@playwright/test';
import { linkIn, waitForEmail } from './mailbox';
import { ADMIN, expect, FREE, loginAs, test, uniqueEmail } from './support';

const DAY = 24 * 60 * 60 * 1000;

/** An upcoming round made by the admin through the API (the journey's own event, whatever the demo data). */
async function adminEvent(
  browser: Browser,
  fields: Record<string, unknown>,
): Promise<{ id: number; title: string }> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await loginAs(admin, ADMIN);
  const start = new Date(Date.now() + 30 * DAY);
  const title = `Medlemsvägen ${Date.now()}`;
  const res = await admin.request.post('/api/events', {
    headers: { origin: new URL(admin.url()).origin },
    data: {
      title,
      location: 'Falsterbo GK',
      description: 'En runda för vägen från besökare till betald plats.',
      maxParticipants: 20,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
      registrationDeadline: null,
      status: 'upcoming',
      registrationFee: 445,
      greenFee: null,
      greenFeeIncluded: true,
      coffeeIncluded: false,
      lunchIncluded: false,
      waitlistMode: 'auto',
      waitlistOfferHours: 24,
      payOnline: true,
      cancellationDeadline: new Date(start.getTime() - 7 * DAY).toISOString(),
      lateCancellationFee: 200,
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).id as number;
  await context.close();
  return { id, title };
}

/** Counts what the member does: clicks (the e-mail's link included) and form fills. */
function counter() {
  const done = { clicks: 0, fills: 0 };
  return {
    done,
    click: async (target: Locator) => {
      done.clicks += 1;
      await target.click();
    },
    fill: async (target: Locator, value: string) => {
      done.fills += 1;
      await target.fill(value);
    },
  };
}

test.describe('the member path (issue 27)', () => {
  test('a visitor signs up from an event page and ends registered and paid there, without typing a URL', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const event = await adminEvent(browser, {});
    const eventPath = `/events/${event.id}`;
    const { done, click, fill } = counter();
    const startedAt = Date.now();

    // The one typed URL: the event page, as from a link someone shared.
    await page.goto(eventPath);
    await click(page.getByRole('link', { name: 'Bli medlem för att delta' }));

    // Straight to sign-up, not the login page.
    await expect(page.getByRole('heading', { name: 'Bli medlem' })).toBeVisible();
    const email = uniqueEmail('vagen');
    await fill(page.getByLabel('Förnamn'), 'Vera');
    await fill(page.getByLabel('Efternamn'), 'Vägen');
    await fill(page.getByLabel('E-post'), email);
    await fill(page.getByLabel('Lösenord'), 'birdie2026');
    await click(page.getByRole('checkbox', { name: /Jag godkänner villkoren/ }));
    await click(page.getByRole('button', { name: 'Skapa konto' }));
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible({ timeout: 30_000 });

    // The e-mail's link (a click in the mail program), then 'Bekräfta': back on the event, logged in.
    const mail = await waitForEmail(email, 'Bekräfta din e-postadress');
    done.clicks += 1;
    await page.goto(linkIn(mail, '/idp/verify/'));
    await click(page.getByRole('button', { name: 'Bekräfta', exact: true }));
    await page.waitForURL((url) => url.pathname === eventPath, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: event.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Användarmeny' })).toBeVisible();

    // A free member is told before any click: 'Pro krävs', with the price and the way there.
    await expect(page.getByText('Pro krävs', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmäl dig' })).toHaveCount(0);
    const becomePro = page.getByRole('link', { name: 'Bli Pro – 99 kr/mån' });
    await expect(becomePro).toHaveAttribute('href', `/subscribe?returnTo=${encodeURIComponent(eventPath)}`);
    await click(becomePro);

    // Pro in the test payment mode (the test card is filled in), then straight back to the event.
    await expect(page.getByRole('heading', { name: 'Prenumerera på Pro' })).toBeVisible();
    await click(page.getByRole('button', { name: 'Prenumerera nu' }));
    await page.waitForURL((url) => url.pathname === eventPath, { timeout: 30_000 });
    await expect(page.getByText('Tack för ditt köp!')).toBeVisible();

    // The registration dialog says the price, how it is paid and the cancellation terms before confirming.
    await click(page.getByRole('button', { name: 'Anmäl dig' }));
    const dialog = page.getByRole('dialog', { name: `Anmäl dig till ${event.title}` });
    await expect(dialog.getByText('445 kr', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Du betalar här på sajten, direkt efter anmälan.')).toBeVisible();
    await expect(
      dialog.getByText(/^Avboka senast .* utan kostnad\. Därefter kostar en avbokning 200 kr/),
    ).toBeVisible();
    await click(dialog.getByRole('button', { name: 'Slutför anmälan' }));

    // What is left to pay, in words, with the way to pay it.
    const myPlace = page.getByRole('alert', { name: 'Du är anmäld' });
    await expect(myPlace.getByText('Att betala 445 kr')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Att betala 445 kr' })).toBeVisible();
    await expect(page.getByText(/EJ BETALD|Ej betald|Väntande/i)).toHaveCount(0);
    await click(myPlace.getByRole('button', { name: 'Betala nu' }));
    await page.waitForURL(/\/test-checkout\/cs_test_/);
    await click(page.getByRole('button', { name: 'Betala 445 kr' }));
    await page.waitForURL((url) => url.pathname === eventPath);
    await expect(myPlace.getByText('Betald 445 kr')).toBeVisible({ timeout: 15_000 });
    const seconds = (Date.now() - startedAt) / 1000;

    console.log(
      `member path (issue 27): ${done.clicks} clicks and ${done.fills} form fills in ${seconds.toFixed(1)} s, one typed URL (the event page)`,
    );

    // 'Mina evenemang' says the same.
    await page.getByRole('button', { name: 'Användarmeny' }).click();
    await page.getByRole('menuitem', { name: 'Mina evenemang' }).click();
    const upcoming = page.getByRole('tabpanel', { name: /^Kommande/ });
    await expect(upcoming.getByText('Betald 445 kr')).toBeVisible();
  });

  test('event cards are whole links and tell a free member that Pro is needed, with the price', async ({
    page,
    browser,
  }) => {
    const event = await adminEvent(browser, { payOnline: false, registrationFee: 300 });
    await loginAs(page, FREE);
    await page.goto('/events');
    await page.getByLabel('Sök').fill(event.title);
    const card = page.getByRole('article').filter({ hasText: event.title });
    await expect(card).toHaveCount(1);
    // One link for the card, named by the title; 'Pro krävs' is a link of its own beside it.
    await expect(card.getByRole('link', { name: event.title, exact: true })).toHaveAttribute(
      'href',
      `/events/${event.id}`,
    );
    const pro = card.getByRole('link', { name: `Pro krävs – 99 kr/mån för ${event.title}` });
    await expect(pro).toHaveAttribute(
      'href',
      `/subscribe?returnTo=${encodeURIComponent(`/events/${event.id}`)}`,
    );
    await expect(card.getByRole('link')).toHaveCount(2);
    await expect(card.locator('a a, a button, button a')).toHaveCount(0);

    // The picture opens the event too.
    // The title's link covers the card (a layer over the picture), so the click goes where a person's would.
    await card.getByRole('img', { name: event.title }).click({ force: true });
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
    await expect(page.getByText('Pro krävs', { exact: true })).toBeVisible();

    // By keyboard: the card's link takes focus and opens with Enter.
    await page.goBack();
    await page.getByLabel('Sök').fill(event.title);
    const link = page
      .getByRole('article')
      .filter({ hasText: event.title })
      .getByRole('link', { name: event.title, exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
  });

  test('a Pro member of an event paid on site reads it so, and counts read as places', async ({
    page,
    browser,
  }) => {
    const event = await adminEvent(browser, {
      payOnline: false,
      registrationFee: 300,
      lateCancellationFee: 0,
    });
    await loginAs(page, 'pro@singelgolf.test');
    await page.goto(`/events/${event.id}`);
    await expect(page.getByText('Pro krävs', { exact: true })).toHaveCount(0);
    await expect(page.getByText('0 anmälda (max 20)')).toBeVisible();
    await page.getByRole('button', { name: 'Anmäl dig' }).click();
    const dialog = page.getByRole('dialog', { name: `Anmäl dig till ${event.title}` });
    await expect(dialog.getByText('Avgiften betalas på plats.')).toBeVisible();
    await expect(dialog.getByText('Du kan avboka utan kostnad.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Slutför anmälan' }).click();
    await expect(
      page.getByRole('alert', { name: 'Du är anmäld' }).getByText('Betalas på plats, 300 kr'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Betala nu' })).toHaveCount(0);
    await expect(page.getByText('1 anmäld (max 20)')).toBeVisible();
  });
});
