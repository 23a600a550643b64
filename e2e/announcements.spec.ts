import { eventKind } from '@common/rules/event-kind';
import { ADMIN, expect, loginAs, test } from './support';

test.describe('organiser tools', () => {
  test('an admin sends an announcement to the registered members and duplicates the event', async ({
    page,
  }) => {
    await loginAs(page, ADMIN);
    const events = (await (await page.request.get('/api/events?status=upcoming')).json()) as {
      id: number;
      title: string;
      registeredCount: number;
      startTime: string;
      endTime: string;
    }[];
    const event = events.find((e) => e.registeredCount > 0) ?? events[0];
    await page.goto(`/events/${event.id}`);
    await page.getByRole('tab', { name: 'Utskick' }).click();
    await page.getByRole('combobox', { name: 'Till' }).click();
    await page.getByRole('option', { name: 'Anmälda', exact: true }).click();
    await page.getByRole('textbox', { name: 'Rubrik' }).fill('Bussen');
    await page
      .getByRole('textbox', { name: 'Meddelande', exact: true })
      .fill('Bussen går 07:30 från Centralen.');
    // Before anything is sent (issue 27): who gets it and how the notice reads; cancelling sends nothing.
    const members = event.registeredCount;
    const announcements = async () =>
      ((await (await page.request.get(`/api/admin/events/${event.id}/announcements`)).json()) as unknown[])
        .length;
    const before = await announcements();
    const preview = (await (
      await page.request.get(`/api/admin/events/${event.id}/announcements/preview?audience=registered`)
    ).json()) as { count: number; names: string[] };
    expect(preview.count).toBe(members);
    await page.getByRole('button', { name: 'Skicka' }).click();
    const ask = page.getByRole('dialog', { name: 'Skicka meddelandet?' });
    await expect(
      ask.getByText(`${members} ${members === 1 ? 'medlem' : 'medlemmar'} får en notis`),
    ).toBeVisible();
    await expect(ask).toContainText(preview.names[0]);
    const notice = ask.getByRole('region', { name: 'Förhandsvisning av notisen' });
    await expect(notice).toContainText(`${event.title}: Bussen`);
    await expect(notice).toContainText('Bussen går 07:30 från Centralen.');
    await ask.getByRole('button', { name: 'Avbryt' }).click();
    await expect(ask).toHaveCount(0);
    const sentList = page.getByRole('region', { name: 'Skickade meddelanden' });
    await expect(sentList.getByText('Bussen går 07:30 från Centralen.')).toHaveCount(0);
    expect(await announcements()).toBe(before);

    // Confirmed: it is sent.
    await page.getByRole('button', { name: 'Skicka' }).click();
    await ask.getByRole('button', { name: 'Skicka' }).click();
    await expect(
      page.getByText(`Det gick till ${members} ${members === 1 ? 'medlem' : 'medlemmar'}.`),
    ).toBeVisible();
    const sent = page.getByRole('region', { name: 'Skickade meddelanden' });
    await expect(sent.getByText('Bussen går 07:30 från Centralen.')).toBeVisible();
    await expect(sent.getByText(`${members} mottagare`)).toBeVisible();

    await page.getByRole('button', { name: 'Duplicera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicera evenemanget' });
    await dialog.getByLabel('Flytta datumen (veckor)').fill('2');
    await dialog.getByRole('button', { name: 'Duplicera' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/(?!${event.id}\\b)\\d+\\?edit=1$`));
    await expect(page.getByRole('heading', { name: `Redigera ${eventKind(event)}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: event.title, level: 1 })).toBeVisible();
    // The copy is this journey's own: removed, so other journeys see the demo events as they were.
    const copyId = Number(/\/events\/(\d+)/.exec(page.url())?.[1]);
    const removed = await page.request.delete(`/api/events/${copyId}`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(removed.status()).toBe(200);
  });
});
