import { confirmSignUpEmail, expect, hasHorizontalScroll, test } from './support';

test.describe('foundation', () => {
  test('a visitor sees the landing page with upcoming events and the 404 page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Hitta ditt nästa golfevenemang' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kommande evenemang' })).toBeVisible();
    // Real demo events, with real availability labels.
    // Each card is one link to its event (issue 27).
    await expect(page.getByRole('article').getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/events\/\d+$/,
    );
    await expect(page.getByText(/Öppen för anmälan|Få platser kvar|Fullbokad/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logga in' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bli medlem' }).first()).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()} Singelgolf`)).toBeVisible();

    await page.goto('/det-finns-inte');
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sidan kunde inte hittas' })).toBeVisible();
    await expect(page.getByText('Den sida du söker efter existerar inte eller har flyttats.')).toBeVisible();
    await page
      .getByRole('button', { name: 'Tillbaka till startsidan' })
      .or(page.getByRole('link', { name: 'Tillbaka till startsidan' }))
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown payment path goes back to the start page', async ({ page }) => {
    await page.goto('/payment-old-return');
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  });

  test('a visitor signs up, confirms the e-mail, comes back logged in, sends feedback and logs out', async ({
    page,
  }) => {
    const email = `ny.medlem.${Date.now()}@example.se`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Bli medlem' }).first().click();
    await expect(page.getByRole('heading', { name: 'Bli medlem' })).toBeVisible();
    await page.getByLabel('Förnamn').fill('Nina');
    await page.getByLabel('Efternamn').fill('Nybörjare');
    await page.getByLabel('E-post').fill(email);
    // The browser's own check (minlength) stops a too short password; the server says so too.
    await page.getByLabel('Lösenord').fill('svagt');
    // The terms and privacy policy must be accepted: the links lead to them.
    const terms = page.getByRole('checkbox', { name: /Jag godkänner villkoren/ });
    await expect(page.getByRole('link', { name: 'villkoren' })).toHaveAttribute('href', '/villkor');
    await expect(page.getByRole('link', { name: 'integritetspolicyn' })).toHaveAttribute(
      'href',
      '/integritetspolicy',
    );
    await terms.check();
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(page.getByRole('heading', { name: 'Bli medlem' })).toBeVisible();
    await page.getByLabel('Lösenord').fill('birdie2026');
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    // Logged in only after following the link in the e-mail.
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible();
    await confirmSignUpEmail(page, email);

    const avatar = page.getByRole('button', { name: 'Användarmeny' });
    await expect(avatar).toBeVisible();
    await expect(avatar).toContainText('N');

    await page.getByRole('button', { name: 'Lämna feedback' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Skicka' }).click();
    await expect(page.getByText('Välj ett betyg')).toBeVisible();
    // Mantine's rating hides its radios behind star labels: click the star for 4.
    const four = await dialog.getByRole('radio', { name: '4 av 5' }).getAttribute('id');
    await dialog.locator(`label[for="${four}"]`).click();
    await dialog.getByRole('textbox').fill('Trevlig sida!');
    await dialog.getByRole('button', { name: 'Skicka' }).click();
    await expect(page.getByText('Tack för din feedback!')).toBeVisible();

    await avatar.click();
    await expect(page.getByRole('menu').getByText(email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logga ut' }).click();
    await expect(page.getByRole('link', { name: 'Logga in' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Användarmeny' })).toHaveCount(0);
  });

  test('the landing page fits a 360 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Kommande evenemang' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});

test.describe('public pages as the server sends them (issue 17)', () => {
  test('the HTML of /events and of an event carries the events, Open Graph tags and JSON-LD, rendered by the app, which hydrates it without errors', async ({
    page,
  }) => {
    const events = (await (await page.request.get('/api/events')).json()) as {
      id: number;
      title: string;
      startTime: string;
    }[];
    const upcoming = events.find((e) => Date.parse(e.startTime) > Date.now())!;
    const list = await (await page.request.get('/events')).text();
    expect(list).toContain(upcoming.title.replace(/&/g, '&amp;'));
    const html = await (await page.request.get(`/events/${upcoming.id}`)).text();
    expect(html).toContain('<meta property="og:title"');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({ '@type': 'Event', name: upcoming.title });

    // The page is the app rendered by the server (React's markup, with the data to hydrate it from).
    expect(html).toMatch(/<div id="root">[\s\S]*<h1[^>]*mantine-Title-root[^>]*>/);
    expect(html).toMatch(/<script type="application\/json" id="sg-ssr-state" data-rendered-at="\d+">/);

    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    for (const [path, heading] of [
      ['/', 'Kommande evenemang'],
      ['/events', 'Evenemang'],
      [`/events/${upcoming.id}`, upcoming.title],
    ] as const) {
      // Hold the app's script back: the server's markup is on the screen before any of it has run.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      // (A module script holds DOMContentLoaded back: wait for the response, then for the element.)
      await page.goto(path, { waitUntil: 'commit' });
      const title = page.getByRole('heading', { name: heading, exact: true }).first();
      await expect(title).toBeVisible();
      await title.evaluate((el) => el.setAttribute('data-from-server', 'yes'));
      release();
      await page.waitForLoadState('load');
      await page.unroute('**/assets/index-*.js');
      // Hydrated: the app has run (Mantine marks the document) and the server's element is still the one shown.
      await expect(page.locator('html[data-mantine-color-scheme="light"]')).toHaveCount(1);
      await expect(title).toHaveAttribute('data-from-server', 'yes');
    }
    await page.getByRole('tab', { name: 'Deltagare' }).click();
    await expect(page.getByRole('tab', { name: 'Deltagare' })).toHaveAttribute('aria-selected', 'true');
    expect(await page.title()).toContain(upcoming.title);
    // No hydration mismatch, no failed request (a visitor's pages ask for nothing that answers 401).
    expect(errors).toEqual([]);
  });
});
