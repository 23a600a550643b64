import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ADMIN, expect, FREE, loginAs, PRO, test } from './support';

const thread = (page: Page) => page.getByLabel('Meddelanden i konversationen');

/**
 * The members' own browser contexts, closed after each test: a page left open would keep its socket and
 * its open thread, and read messages meant for the next journey's pages of the same member.
 */
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/** A logged-in page in a browser context of its own; answers the page and the member's id. */
async function member(browser: Browser, email: string): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await loginAs(page, email);
  const me = await (await page.request.get('/api/auth/user')).json();
  return { page, id: me.id as string };
}

test.describe('messages', () => {
  test('two members exchange messages live; the unread dot appears and clears', async ({ browser }) => {
    const per = await member(browser, PRO);
    const frida = await member(browser, FREE);

    // Frida finds Per through 'Nytt meddelande' (never herself), which opens (and reads) their thread.
    await frida.page.goto('/messages');
    await frida.page.getByRole('button', { name: 'Nytt meddelande' }).click();
    const dialog = frida.page.getByRole('dialog', { name: 'Nytt meddelande' });
    await dialog.getByLabel('Sök medlem').fill('Frida Fri');
    await expect(dialog.getByText('Inga medlemmar hittades')).toBeVisible();
    await dialog.getByLabel('Sök medlem').fill('Prosson');
    await dialog.getByRole('listitem').filter({ hasText: 'Per Prosson' }).click();
    await expect(frida.page).toHaveURL(new RegExp(`/messages/${per.id}$`));
    await expect(frida.page.getByPlaceholder('Skriv ett meddelande…')).toBeVisible();
    await frida.page.goto('/messages');
    await expect(frida.page.getByText('Välj en konversation')).toBeVisible();
    const perRow = frida.page.getByRole('button', { name: /Per Prosson/ });

    await per.page.goto(`/messages?recipient=${frida.id}`);
    await expect(per.page).toHaveURL(new RegExp(`/messages/${frida.id}$`));
    const text = `Hej Frida! Ses vi på rangen? ${Date.now()}`;
    const input = per.page.getByPlaceholder('Skriv ett meddelande…');
    await input.fill(text);
    await input.press('Enter');
    await expect(thread(per.page).getByText(text)).toBeVisible();
    await expect(input).toHaveValue('');

    // Without reloading, Frida's list shows the new message with an unread dot, and the header counts it.
    await expect(perRow).toContainText(text);
    await expect(perRow.getByRole('img', { name: 'Oläst' })).toBeVisible();
    await expect(frida.page.getByLabel(/\d+ olästa meddelanden/).first()).toBeVisible();

    await perRow.click();
    await expect(frida.page).toHaveURL(new RegExp(`/messages/${per.id}$`));
    await expect(thread(frida.page).getByText(text)).toBeVisible();
    await expect(perRow.getByRole('img', { name: 'Oläst' })).toHaveCount(0);

    // Frida answers on two lines (Shift+Enter), with text that looks like HTML; Per sees it arrive as text.
    const reply = frida.page.getByPlaceholder('Skriv ett meddelande…');
    await reply.fill('Gärna! <b>Lördag</b>?');
    await reply.press('Shift+Enter');
    // Its own words in each run: a retry on the same site finds the first try's reply too.
    const time = `Klockan 9, ${Date.now()}`;
    await reply.pressSequentially(time);
    await expect(frida.page.getByRole('button', { name: 'Skicka' })).toBeEnabled();
    await reply.press('Enter');
    const bubble = thread(per.page).getByText(time);
    await expect(bubble).toBeVisible();
    await expect(bubble).toContainText('Gärna! <b>Lördag</b>?');
    await expect(per.page.getByRole('button', { name: 'Skicka' })).toBeDisabled();

    // 'Stor text' enlarges the thread's text.
    const before = await bubble.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    await per.page.getByLabel('Stor text').check({ force: true });
    await expect
      .poll(() => bubble.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize)))
      .toBeGreaterThan(before);

    // The sound setting is remembered in the browser.
    await per.page.getByLabel('Ljud på').uncheck({ force: true });
    await per.page.reload();
    await expect(per.page.getByLabel('Ljud av')).not.toBeChecked();
    await per.page.getByLabel('Ljud av').check({ force: true });
  });

  test('two registered members chat in the event group chat', async ({ browser }) => {
    const per = await member(browser, PRO);
    const anna = await member(browser, ADMIN);
    type Reg = { eventId?: number; event?: { id: number; endTime: string }; status: string };
    const regs = async (m: { page: Page; id: string }) =>
      ((await (await m.page.request.get(`/api/users/${m.id}/registrations`)).json()) as Reg[]).map(
        (r) => r.event?.id ?? r.eventId,
      );
    const perEvents = await regs(per);
    const annaEvents = new Set(await regs(anna));
    const shared = perEvents.find((id) => annaEvents.has(id)) ?? perEvents[0];
    expect(shared).toBeTruthy();

    for (const m of [per, anna]) {
      await m.page.goto(`/events/${shared}`);
      await m.page.getByRole('tab', { name: 'Gruppchatt' }).click();
    }
    const text = `Vem tar med extra bollar? ${Date.now()}`;
    const box = per.page.getByLabel('Meddelande till gruppen');
    await box.fill(text);
    await per.page.getByRole('button', { name: 'Skicka' }).click();
    await expect(per.page.getByText(text)).toBeVisible();
    // Anna sees it with Per's name, pushed (well before the 5 s refresh).
    await expect(anna.page.getByText(text)).toBeVisible({ timeout: 4000 });
    await expect(anna.page.getByText('Per Prosson').first()).toBeVisible();
    // Enter sends in the group chat as in direct messages (issue 27); Shift+Enter adds a line.
    const annasBox = anna.page.getByLabel('Meddelande till gruppen');
    await annasBox.fill('Jag tar med!');
    await annasBox.press('Shift+Enter');
    const count = `Tre stycken, ${Date.now()}.`;
    await annasBox.pressSequentially(count);
    await annasBox.press('Enter');
    await expect(annasBox).toHaveValue('');
    const answer = per.page.getByText(count);
    await expect(answer).toBeVisible({ timeout: 4000 });
    await expect(answer).toContainText('Jag tar med!');
  });
  test('an admin who takes no part in an event sees its group chat live', async ({ browser }) => {
    const per = await member(browser, PRO);
    const admin = await member(browser, ADMIN);
    type Reg = { eventId?: number; event?: { id: number }; status: string };
    const regs = async (m: { page: Page; id: string }) =>
      ((await (await m.page.request.get(`/api/users/${m.id}/registrations`)).json()) as Reg[]).map(
        (r) => r.event?.id ?? r.eventId,
      );
    const adminEvents = new Set(await regs(admin));
    const event = (await regs(per)).find((id) => !adminEvents.has(id));
    expect(event, "an event of Per's without the admin").toBeTruthy();

    const text = `Samling vid klubbhuset ${Date.now()}`;
    // The message must come over the admin's WebSocket, not from the 5 s refresh (nor from the read
    // once the server watches the chat for her: so Per writes only after that answer).
    const frame = (part: string) =>
      new Promise<void>((resolve) => {
        admin.page.on('websocket', (ws) =>
          ws.on('framereceived', (f) => {
            if (String(f.payload).includes(part)) resolve();
          }),
        );
      });
    const pushed = frame(text);
    const watching = frame(`"watching_event_chat","data":{"eventId":${event}}`);
    for (const m of [per, admin]) {
      await m.page.goto(`/events/${event}`);
      await m.page.getByRole('tab', { name: 'Gruppchatt' }).click();
      await expect(m.page.getByLabel('Meddelande till gruppen')).toBeVisible();
    }
    await watching;
    await per.page.getByLabel('Meddelande till gruppen').fill(text);
    await per.page.getByRole('button', { name: 'Skicka' }).click();
    await expect(per.page.getByText(text)).toBeVisible();
    await expect(admin.page.getByText(text)).toBeVisible({ timeout: 4000 });
    await pushed;
  });
});
