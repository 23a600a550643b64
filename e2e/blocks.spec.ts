import type { Page } from '@playwright/test';
import { expect, FREE, hasHorizontalScroll, loginAs, memberPages, PRO, test } from './support';

const member = memberPages();

// Frida's blocks are lifted after the journey, whatever happened in it (a failed step, a timeout): the
// journeys after this one on the same site write between Frida and Per (messages, reports, INP), and a block
// left behind would close their thread. A login of its own, as the journey's pages may be closed by then.
test.afterEach(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, FREE);
  const headers = { origin: new URL(page.url()).origin };
  const blocked = (await (await page.request.get('/api/blocks')).json()) as { id: string }[];
  for (const { id } of blocked)
    expect((await page.request.delete(`/api/blocks/${id}`, { headers })).ok()).toBe(true);
  await context.close();
});

const thread = (page: Page) => page.getByLabel('Meddelanden i konversationen');
const toast = (page: Page, text: string) =>
  expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();

test.describe('blocking a member', () => {
  test('Frida blocks Per from his profile: he leaves her directory, their thread closes; she unblocks in Integritet', async ({
    browser,
  }) => {
    // Two logins and two members' pages on a machine shared with other work.
    test.setTimeout(120_000);
    const frida = await member(browser, FREE);
    const per = await member(browser, PRO);

    // A conversation before the block.
    const text = `Hej Per, ses vi på banan? ${Date.now()}`;
    await frida.page.goto(`/messages/${per.id}`);
    const input = frida.page.getByPlaceholder('Skriv ett meddelande…');
    await input.fill(text);
    await input.press('Enter');
    await expect(thread(frida.page).getByText(text)).toBeVisible();

    // The profile dialog: 'Blockera' asks first and explains what blocking does.
    await frida.page.goto('/members');
    await frida.page.getByLabel('Sök medlemmar').fill('Prosson');
    const card = frida.page.getByRole('article').filter({ hasText: 'Per Prosson' });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: 'Visa profil' }).click();
    const profile = frida.page.getByRole('dialog', { name: 'Medlemsprofil' });
    await expect(profile.getByRole('heading', { name: 'Per Prosson' })).toBeVisible();
    await profile.getByRole('button', { name: 'Blockera' }).click();
    const confirm = frida.page.getByRole('dialog', { name: 'Blockera Per Prosson?' });
    await expect(confirm.getByText(/Ni ser inte längre varandra i medlemslistan/)).toBeVisible();
    await expect(confirm.getByText(/får inget meddelande om det/)).toBeVisible();
    expect(await hasHorizontalScroll(frida.page)).toBe(false);
    await confirm.getByRole('button', { name: 'Blockera' }).click();
    await toast(frida.page, 'Medlemmen är blockerad');
    await expect(profile.getByText('Du har blockerat Per Prosson')).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Ta bort blockering' })).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Skicka meddelande' })).toHaveCount(0);
    await frida.page.keyboard.press('Escape');
    await expect(profile).toHaveCount(0);

    // Per is gone from her directory.
    await expect(frida.page.getByRole('heading', { name: 'Inga medlemmar hittades' })).toBeVisible();
    await expect(frida.page.getByRole('article').filter({ hasText: 'Per Prosson' })).toHaveCount(0);

    // Their thread is still readable, but closed: no input, 'Konversationen är stängd'.
    await frida.page.goto(`/messages/${per.id}`);
    await expect(thread(frida.page).getByText(text)).toBeVisible();
    await expect(frida.page.getByText('Konversationen är stängd')).toBeVisible();
    await expect(frida.page.getByPlaceholder('Skriv ett meddelande…')).toHaveCount(0);

    // Both ways: Per no longer finds Frida, and his side of the thread is closed too.
    await per.page.goto('/members');
    await per.page.getByLabel('Sök medlemmar').fill('Frida');
    await expect(per.page.getByRole('heading', { name: 'Inga medlemmar hittades' })).toBeVisible();
    await per.page.goto(`/messages/${frida.id}`);
    await expect(thread(per.page).getByText(text)).toBeVisible();
    await expect(per.page.getByText('Konversationen är stängd')).toBeVisible();
    await expect(per.page.getByPlaceholder('Skriv ett meddelande…')).toHaveCount(0);

    // 'Integritet' on her profile lists Per; 'Ta bort blockering' lifts the block.
    await frida.page.goto('/profile#integritet');
    const privacy = frida.page.getByRole('region', { name: 'Integritet' });
    await expect(privacy.getByLabel('Dölj mig i medlemslistan')).not.toBeChecked();
    await expect(privacy.getByRole('radiogroup', { name: 'Vem får skriva till mig' })).toBeVisible();
    const blocked = privacy.getByRole('list', { name: 'Blockerade medlemmar' });
    await expect(blocked.getByText('Per Prosson')).toBeVisible();
    expect(await hasHorizontalScroll(frida.page)).toBe(false);
    await blocked.getByRole('button', { name: 'Ta bort blockering: Per Prosson' }).click();
    await toast(frida.page, 'Blockeringen är borttagen');
    await expect(privacy.getByText('Du har inte blockerat någon.')).toBeVisible();

    // Everything is back: the directory and an open thread.
    await frida.page.goto('/members');
    await frida.page.getByLabel('Sök medlemmar').fill('Prosson');
    await expect(frida.page.getByRole('article').filter({ hasText: 'Per Prosson' })).toHaveCount(1);
    await frida.page.goto(`/messages/${per.id}`);
    await expect(frida.page.getByPlaceholder('Skriv ett meddelande…')).toBeVisible();
    await expect(frida.page.getByText('Konversationen är stängd')).toHaveCount(0);
  });
});
