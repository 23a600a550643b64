import type { Page } from '@playwright/test';
import { ADMIN, expect, FREE, hasHorizontalScroll, memberPages, PRO, test } from './support';

const member = memberPages();

const thread = (page: Page) => page.getByLabel('Meddelanden i konversationen');
const toast = (page: Page, text: string) =>
  expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();

test.describe('reporting and moderation', () => {
  test("Frida reports Per's message; a moderator removes it with a statement, and it leaves their thread", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const per = await member(browser, PRO);
    const frida = await member(browser, FREE);
    const text = `Du är värdelös på golf ${Date.now()}`;
    await per.page.goto(`/messages/${frida.id}`);
    const input = per.page.getByPlaceholder('Skriv ett meddelande…');
    await input.fill(text);
    await input.press('Enter');
    await expect(thread(per.page).getByText(text)).toBeVisible();

    // 'Rapportera meddelandet' beside his message: a reason, her own words, sent.
    await frida.page.goto(`/messages/${per.id}`);
    const bubble = thread(frida.page).getByText(text);
    await expect(bubble).toBeVisible();
    await thread(frida.page).getByRole('button', { name: 'Rapportera meddelandet' }).last().click();
    const dialog = frida.page.getByRole('dialog', { name: 'Rapportera meddelandet' });
    await expect(dialog.getByText(/får inte veta vem som anmälde/)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Anledning' }).click();
    await frida.page.getByRole('option', { name: 'Trakasserier' }).click();
    await dialog.getByLabel('Beskriv gärna vad som hänt').fill('Han skriver elaka saker');
    expect(await hasHorizontalScroll(frida.page)).toBe(false);
    await dialog.getByRole('button', { name: 'Skicka anmälan' }).click();
    await toast(frida.page, 'Anmälan är skickad');
    await expect(dialog).toHaveCount(0);

    // The moderator's queue at 390 px: the copy of the message, the decision with its statement.
    const admin = await member(browser, ADMIN);
    await admin.page.goto('/admin/reports');
    await expect(admin.page.getByRole('heading', { name: 'Anmälningar', level: 1 })).toBeVisible();
    const card = admin.page.getByRole('article').filter({ hasText: text });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Trakasserier')).toBeVisible();
    await expect(card.getByText('Han skriver elaka saker')).toBeVisible();
    expect(await hasHorizontalScroll(admin.page)).toBe(false);
    await card.getByRole('combobox', { name: 'Beslut' }).click();
    await admin.page.getByRole('option', { name: 'Ta bort innehållet' }).click();
    await card.getByRole('button', { name: 'Spara beslut' }).click();
    await expect(card.getByText(/Skriv en motivering/)).toBeVisible();
    await card.getByLabel('Motivering').fill('Meddelandet kränker en annan medlem.');
    await card.getByRole('button', { name: 'Spara beslut' }).click();
    await toast(admin.page, 'Beslutet är sparat');
    await expect(admin.page.getByRole('article').filter({ hasText: text })).toHaveCount(0);
    await admin.page.getByText('Avgjorda', { exact: true }).click();
    const decided = admin.page.getByRole('article').filter({ hasText: text });
    await expect(decided.getByText('Borttaget')).toBeVisible();
    await expect(decided.getByText('Meddelandet kränker en annan medlem.')).toBeVisible();

    // Gone from both sides of the thread.
    await frida.page.reload();
    await expect(thread(frida.page)).toBeVisible();
    await expect(thread(frida.page).getByText(text)).toHaveCount(0);
    await per.page.goto(`/messages/${frida.id}`);
    await expect(thread(per.page)).toBeVisible();
    await expect(thread(per.page).getByText(text)).toHaveCount(0);
  });
});
