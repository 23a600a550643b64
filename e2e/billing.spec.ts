import type { Browser, Page } from '@playwright/test';
import {
  ADMIN,
  expect,
  hasHorizontalScroll,
  loginAs,
  signUp as signUpMember,
  test,
  uniqueEmail,
} from './support';

/** Signs up a new member (free) through the real sign-up form and confirms the e-mail; answers the address. */
async function signUp(page: Page, firstName: string): Promise<string> {
  const email = uniqueEmail(firstName);
  await signUpMember(page, { firstName, lastName: 'Betalare', email, password: 'birdie2026' });
  return email;
}

/** An upcoming event that still takes registrations. */
async function openEventId(page: Page): Promise<number> {
  const res = await page.request.get('/api/events');
  const events = (await res.json()) as {
    id: number;
    startTime: string;
    registrationDeadline: string | null;
  }[];
  const soon = Date.now() + 24 * 60 * 60 * 1000;
  const open = events.find(
    (e) =>
      new Date(e.startTime).getTime() > soon &&
      (!e.registrationDeadline || new Date(e.registrationDeadline).getTime() > soon),
  );
  expect(open, 'the demo data has an upcoming event').toBeTruthy();
  return open!.id;
}

async function newMemberPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.describe('Pro membership and payments (test payment mode)', () => {
  test('a free member upgrades through test checkout, registers, cancels and reactivates', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, 'Petra');
    const eventId = await openEventId(page);

    // Free: the event says 'Pro krävs' before any click, instead of an 'Anmäl dig' that would be refused.
    await page.goto(`/events/${eventId}`);
    await expect(page.getByText('Pro krävs', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmäl dig' })).toHaveCount(0);

    // The hosted checkout from /subscription ('Pro krävs' goes through /subscribe: e2e/member-path.spec.ts).
    await page.goto('/subscription');
    await expect(page.getByText('99 kr per månad')).toBeVisible();
    await page.getByRole('button', { name: 'Fortsätt till säker betalning' }).click();

    // The test mode's hosted checkout, plainly marked.
    await page.waitForURL(/\/test-checkout\/cs_test_/);
    await expect(page.getByText(/TESTBETALNING/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Avbryt' })).toBeVisible();
    await page.getByRole('button', { name: 'Betala 99 kr' }).click();

    await page.waitForURL(/\/payment-success\?session_id=cs_test_[^&]+&userId=/);
    // Verified at once (no artificial wait, issue 27): the thanks follow straight away.
    await expect(page.getByRole('heading', { name: 'Tack för ditt köp!' })).toBeVisible();
    await expect(page.getByText(/Betalnings-ID: sub_test_/)).toBeVisible();

    // Pro now: registration goes through.
    await page.goto(`/events/${eventId}`);
    await page.getByRole('button', { name: 'Anmäl dig' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Slutför anmälan' }).click();
    await expect(page.getByText(/^(Anmäld|På reservlistan)$/).first()).toBeVisible();

    // /subscription says so too.
    await page.goto('/subscription');
    await expect(page.getByText('Du är redan Pro-medlem!')).toBeVisible();
    await expect(page.getByText(/Nästa betalning: \d+ \w+ \d{4}/)).toBeVisible();

    // Cancel at period end: Uppsagd, still Pro; then reactivate.
    await page.goto('/profile');
    await expect(page.getByText('Pro-status')).toBeVisible();
    await expect(page.getByText('Nästa betalning')).toBeVisible();
    await page.getByRole('button', { name: 'Säg upp prenumeration' }).click();
    await page
      .getByRole('dialog', { name: 'Säg upp prenumeration' })
      .getByRole('button', { name: 'Ja, säg upp' })
      .click();
    await expect(page.getByText('Uppsagd', { exact: true })).toBeVisible();
    await expect(page.getByText('Giltig till')).toBeVisible();
    const details = await (await page.request.get('/api/subscription-details')).json();
    expect(details).toMatchObject({
      isPro: true,
      cancelAtPeriodEnd: true,
      subscriptionStatus: 'cancel_at_period_end',
    });

    await page.getByRole('button', { name: 'Återaktivera prenumeration' }).click();
    await expect(page.getByText('Nästa betalning')).toBeVisible();
    await expect(page.getByText('Uppsagd', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Säg upp prenumeration' })).toBeVisible();
  });

  test('/subscribe shows the marked test card form, asks whether Pro starts at once, pays and never loads Stripe', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    consoleErrors.allow(
      /status of 402 [^)]*\) \(http:\/\/[^/]+\/test-checkout\//,
      "the journey pays with the declined test card on purpose: the test checkout's page answers 402",
    );
    const stripeRequests: string[] = [];
    page.on('request', (request) => {
      if (/stripe\.(com|network)/.test(new URL(request.url()).hostname)) stripeRequests.push(request.url());
    });
    await signUp(page, 'Sara');

    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: 'Prenumerera på Pro' })).toBeVisible();
    await expect(page.getByText('Testläge – ingen riktig betalning')).toBeVisible();
    const card = page.getByLabel('Kortnummer (test)');
    await expect(card).toHaveValue('4242 4242 4242 4242');

    // The declined test card: the test checkout says so and nothing is paid.
    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Prenumerera nu' }).click();
    await page.waitForURL(/\/test-checkout\/cs_test_[^/]+\/pay$/);
    await expect(page.getByText('Kortet nekades. Försök med ett annat kort.')).toBeVisible();
    expect((await (await page.request.get('/api/subscription-details')).json()).isPro).toBe(false);

    await page.goto('/subscribe');
    // Asking Pro to start at once: a withdrawal then keeps a share for the days used.
    const startNow = page.getByRole('checkbox', { name: /Jag vill att Pro börjar direkt/ });
    await expect(startNow).not.toBeChecked();
    await startNow.check();
    await expect(startNow).toBeChecked();
    await page.getByRole('button', { name: 'Prenumerera nu' }).click();
    await page.waitForURL(/\/payment-success\?session_id=cs_test_[^&]+&userId=/);
    await expect(page.getByRole('heading', { name: 'Tack för ditt köp!' })).toBeVisible({ timeout: 15_000 });

    // Pro now: /subscribe sends the member to the profile.
    await page.goto('/subscribe');
    await expect(page).toHaveURL(/\/profile$/);
    expect(stripeRequests).toEqual([]);

    // 'Ångra köpet' within 14 days: step one says what happens, step two withdraws and shows the receipt.
    await page.getByRole('button', { name: 'Ångra köpet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ångra köpet av Pro' });
    await expect(dialog.getByText(/Du får tillbaka 9[0-8] kr av betalda 99 kr\./)).toBeVisible();
    await dialog.getByRole('button', { name: 'Ångra köpet här' }).click();
    await expect(dialog.getByText('Köpet är ångrat')).toBeVisible();
    // The header's × is 'Stäng' too (Mantine's close button, named in the theme): the dialog's own button.
    await dialog.getByRole('button', { name: 'Stäng', exact: true }).last().click();
    expect((await (await page.request.get('/api/subscription-details')).json()).isPro).toBe(false);
    await expect(page.getByRole('button', { name: 'Ångra köpet' })).toHaveCount(0);
  });

  test('the admin changes a member’s membership on /admin/members; others are sent to /', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const member = await newMemberPage(browser);
    const email = await signUp(member.page, 'Maja');
    await member.page.goto('/admin/members');
    await expect(member.page).toHaveURL(/\/$/);
    // A free member sees the drawer's upgrade link on a phone.
    await member.page.setViewportSize({ width: 360, height: 800 });
    await member.page.goto('/events');
    await member.page.getByRole('button', { name: 'Öppna meny' }).click();
    await expect(member.page.getByRole('link', { name: 'Uppgradera till Pro' })).toBeVisible();
    await member.context.close();

    await loginAs(page, ADMIN);
    await page.goto('/admin/members');
    await expect(page.getByRole('heading', { name: 'Hantera medlemskap' })).toBeVisible();
    for (const col of ['ID', 'Användare', 'E-post', 'Medlemskap', 'Registrerad']) {
      await expect(page.getByRole('columnheader', { name: col, exact: true })).toBeVisible();
    }
    await page.getByLabel('Sök').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Gratis')).toBeVisible();

    await row.getByRole('button', { name: 'Ändra' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ändra medlemskap' });
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await expect(dialog.getByText('Välj en medlemskapstyp')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Pro' }).check();
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await expect(page.getByText('Medlemskap uppdaterat')).toBeVisible();
    await expect(row.getByText('Pro', { exact: true })).toBeVisible();

    // The filter agrees.
    const filter = page.getByRole('radiogroup', { name: 'Medlemskap' });
    await filter.getByText('Gratis', { exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
    await filter.getByText('Pro', { exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);

    await page.setViewportSize({ width: 360, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
