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
    await page.getByRole('button', { name: 'Skicka' }).click();
    const members = event.registeredCount;
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
