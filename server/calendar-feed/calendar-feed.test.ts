import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds } from '../db/schema';
import { eventUid } from '../events/events.ics';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const FEED_URL = new RegExp(`^${TEST_ORIGIN}/api/calendar/feed/([A-Za-z0-9_-]{43})\\.ics$`);
const path = (url: string) => new URL(url).pathname;
const uid = (id: number) => `UID:${eventUid(id, TEST_ORIGIN)}`;

describe('GET /api/calendar/feed and POST /api/calendar/feed/reset', () => {
  it('refuses visitors with 401', async () => {
    for (const res of [
      await t.anon.get('/api/calendar/feed'),
      await t.anon.post('/api/calendar/feed/reset'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Du måste vara inloggad');
    }
  });

  it('makes the feed URL on the first call, answers the same one later, and a reset replaces it', async () => {
    const user = await buildUser(t.db);
    const c = await t.as(user);
    const first = await c.get('/api/calendar/feed');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { url } = first.json();
    const token = FEED_URL.exec(url)?.[1];
    expect(token).toBeDefined();
    expect(Buffer.from(token!, 'base64url')).toHaveLength(32);
    expect((await c.get('/api/calendar/feed')).json().url).toBe(url);
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id))).toMatchObject([
      { token },
    ]);
    expect((await t.anon.get(path(url))).statusCode).toBe(200);

    const reset = await c.post('/api/calendar/feed/reset');
    expect(reset.statusCode).toBe(200);
    const next = reset.json().url;
    expect(next).toMatch(FEED_URL);
    expect(next).not.toBe(url);
    expect((await c.get('/api/calendar/feed')).json().url).toBe(next);
    const old = await t.anon.get(path(url));
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe('Kalenderlänken finns inte eller har ersatts av en ny');
    expect((await t.anon.get(path(next))).statusCode).toBe(200);
  });

  it('a reset before any feed existed makes one', async () => {
    const c = await t.as(await buildUser(t.db));
    const res = await c.post('/api/calendar/feed/reset');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(FEED_URL);
    expect((await c.get('/api/calendar/feed')).json().url).toBe(res.json().url);
  });
});

describe('GET /api/calendar/feed/{token}.ics', () => {
  it('answers 404 for an unknown or malformed token', async () => {
    for (const file of [`${'A'.repeat(43)}.ics`, 'abc.ics', `${'A'.repeat(43)}.txt`, 'x']) {
      const res = await t.anon.get(`/api/calendar/feed/${file}`);
      expect(res.statusCode).toBe(404);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it("serves the member's registered and waitlisted events, without login, and never another member's", async () => {
    const [member, other] = await Promise.all([buildUser(t.db), buildUser(t.db)]);
    const [registered, waitlisted, cancelledEvent, othersOnly, unrelated] = await Promise.all([
      buildEvent(t.db, { title: 'Vårgolf i Båstad' }),
      buildEvent(t.db, { title: 'Höstgolf på Bro Hof' }),
      buildEvent(t.db, { title: 'Inställd dag', status: 'cancelled' }),
      buildEvent(t.db, { title: 'Någon annans golfdag' }),
      buildEvent(t.db, { title: 'Ingen anmäld' }),
    ]);
    await buildRegistration(t.db, { eventId: registered.id, userId: member.id });
    await buildRegistration(t.db, { eventId: waitlisted.id, userId: member.id, status: 'waitlisted' });
    await buildRegistration(t.db, { eventId: cancelledEvent.id, userId: member.id });
    await buildRegistration(t.db, { eventId: othersOnly.id, userId: other.id });
    await buildRegistration(t.db, { eventId: registered.id, userId: other.id });

    const { url } = (await (await t.as(member)).get('/api/calendar/feed')).json();
    const res = await t.anon.get(path(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const ics = res.body.replace(/\r\n[ \t]/g, '');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('X-WR-CALNAME:Singelgolf – mina evenemang');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics).toContain(uid(registered.id));
    expect(ics).toContain('SUMMARY:Vårgolf i Båstad\r\n');
    expect(ics).toContain(uid(waitlisted.id));
    expect(ics).toContain('SUMMARY:Höstgolf på Bro Hof (reserv)\r\n');
    expect(ics).toContain(uid(cancelledEvent.id));
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).not.toContain(uid(othersOnly.id));
    expect(ics).not.toContain(uid(unrelated.id));
    expect(ics).not.toContain('Någon annans golfdag');

    // The other member's feed holds only theirs.
    const otherIcs = (
      await t.anon.get(path((await (await t.as(other)).get('/api/calendar/feed')).json().url))
    ).body;
    expect(otherIcs).toContain(uid(othersOnly.id));
    expect(otherIcs).toContain(uid(registered.id));
    expect(otherIcs).not.toContain(uid(waitlisted.id));
    expect(otherIcs).not.toContain(uid(cancelledEvent.id));
  });

  it('serves an empty calendar to a member without registrations', async () => {
    const { url } = (await (await t.as(await buildUser(t.db))).get('/api/calendar/feed')).json();
    const res = await t.anon.get(path(url));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('BEGIN:VCALENDAR');
    expect(res.body).not.toContain('BEGIN:VEVENT');
  });
});
