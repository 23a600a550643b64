import { type CardPlayer, type CourseRow, createRoundGoingOn, demoPros, json, post } from './scoring-setup';
import { ADMIN, expect, loginAs, test } from './support';

// Issue 29: the scorecard on a phone without a connection, reloaded.
test.describe('golf day with scores', () => {
  test('the scorecard opens again after a reload without a connection, and what is entered then is sent when it returns', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(240_000);
    consoleErrors.allow(/net::ERR_INTERNET_DISCONNECTED/, 'the phone is offline on purpose');
    consoleErrors.allow(/API Error:.*scores/, 'the offline sends are logged and retried');
    await loginAs(page, ADMIN);
    const courses = await json<CourseRow[]>(page, '/api/courses');
    const course = courses.find((c) => c.holes === 18 && c.tees.length > 0);
    const tee = course?.tees.find((t) => t.ratings.some((r) => r.gender === 'male'));
    const female = course?.tees.find((t) => t.ratings.some((r) => r.gender === 'female'));
    expect(course && tee && female, 'a demo course with tees for men and women').toBeTruthy();
    if (!course || !tee || !female) return;
    const [email] = await demoPros(page, 1, 54);
    const eventId = await createRoundGoingOn(page, {
      title: `Scorekort utan nät ${Date.now().toString(36)}`,
      club: course.club,
      description: 'Slaggolf.',
      golf: { courseId: course.id, teeIds: { male: tee.id, female: female.id }, scoringFormat: 'stableford' },
    });

    // The member's phone, with the service worker that keeps the app shell for offline loads.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    try {
      const phone = await context.newPage();
      await loginAs(phone, email as string);
      const me = (await json<{ id: string; firstName: string }>(phone, '/api/auth/user')).id;
      await post(phone, `/api/events/${eventId}/register`, {});
      await post(page, `/api/events/${eventId}/groups`, {});
      await post(page, `/api/events/${eventId}/groups/publish`, {});

      await phone.goto(`/events/${eventId}/scorecard`);
      await expect(phone.getByRole('heading', { name: 'Hål 1', exact: true })).toBeVisible({
        timeout: 30_000,
      });
      await phone.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await expect.poll(() => phone.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      const card = await json<{ players: CardPlayer[] }>(phone, `/api/events/${eventId}/scorecards/mine`);
      const name = card.players.find((p) => p.userId === me)?.name ?? '';

      // No connection, and the page is reloaded: the card comes back from the phone.
      await context.setOffline(true);
      await phone.reload();
      await expect(phone.getByRole('heading', { name: 'Hål 1', exact: true })).toBeVisible({
        timeout: 30_000,
      });
      await phone.getByRole('button', { name: `Öka slag för ${name}` }).click();
      await expect(phone.getByText('Sparat på telefonen – skickas när du har anslutning')).toBeVisible();

      // The connection returns: the stroke is sent once and the note goes.
      await context.setOffline(false);
      await expect(phone.getByText('Sparat på telefonen – skickas när du har anslutning')).toHaveCount(0, {
        timeout: 30_000,
      });
      const after = await json<{
        players: { userId: string; scores: { hole: number; strokes: number | null }[] }[];
      }>(phone, `/api/events/${eventId}/scorecards/mine`);
      const mine = after.players.find((p) => p.userId === me);
      expect(mine?.scores.filter((sc) => sc.hole === 1 && sc.strokes !== null)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
