import { DEFAULT_NOTIFICATION_PREFERENCES } from '@common/notification-types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, notifications } from '../db/schema';
import { REALTIME_CHANNEL } from '../realtime/realtime.publish';
import { until } from '../test/email-context';
import {
  buildAdmin,
  buildEvent,
  buildPro,
  buildRegistration,
  buildUser,
  eventFormPayload,
} from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { createNotifications, presentNotification } from './notifications.create';
import { unsubscribeKey, unsubscribeToken } from './unsubscribe';

const rowsOf = (t: TestContext, userId: string) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);

describe('notification centre API', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 to visitors on every member route', async () => {
    expect((await t.anon.get('/api/notifications')).statusCode).toBe(401);
    expect((await t.anon.post('/api/notifications/read', {})).statusCode).toBe(401);
    expect((await t.anon.get('/api/notification-preferences')).statusCode).toBe(401);
    const put = await t.anon.put('/api/notification-preferences', DEFAULT_NOTIFICATION_PREFERENCES);
    expect(put.statusCode).toBe(401);
    expect(put.json().message).toEqual(expect.any(String));
  });

  it('lists own notices newest first with the unread count, paged, and marks one or all read', async () => {
    const anna = await buildUser(t.db);
    const bertil = await buildUser(t.db);
    for (let i = 1; i <= 3; i++) {
      await createNotifications(t.db, [
        { userId: anna.id, type: 'promoted', title: `Notis ${i}`, body: 'Text', url: '/events/1' },
      ]);
    }
    const [other] = await createNotifications(t.db, [
      { userId: bertil.id, type: 'promoted', title: 'Bertils', body: 'Text', url: '/events/1' },
    ]);
    const a = await t.as(anna);
    const list = await a.get('/api/notifications');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const body = list.json();
    expect(body.items.map((n: { title: string }) => n.title)).toEqual(['Notis 3', 'Notis 2', 'Notis 1']);
    expect(body.unread).toBe(3);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      type: 'promoted',
      title: 'Notis 3',
      body: 'Text',
      url: '/events/1',
      createdAt: expect.any(String),
      readAt: null,
    });
    const page2 = (await a.get('/api/notifications?page=2&limit=2')).json();
    expect(page2.items.map((n: { title: string }) => n.title)).toEqual(['Notis 1']);
    expect((await a.get('/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await a.get('/api/notifications?page=x')).json().message).toEqual(expect.any(String));

    // Another member's id is ignored; own ones are marked.
    const read = await a.post('/api/notifications/read', { ids: [body.items[0].id, other.id] });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 2 });
    const [otherRow] = await t.db.select().from(notifications).where(eq(notifications.id, other.id));
    expect(otherRow.readAt).toBeNull();
    expect((await a.post('/api/notifications/read', { ids: ['not-a-uuid'] })).statusCode).toBe(400);
    expect((await a.post('/api/notifications/read', { ids: [], x: 1 })).statusCode).toBe(400);
    expect((await a.post('/api/notifications/read', {})).json()).toEqual({ unread: 0 });
    expect((await (await t.as(bertil)).get('/api/notifications')).json().unread).toBe(1);
  });

  it('answers the defaults, stores only the differences and refuses unknown keys or values', async () => {
    const user = await buildUser(t.db);
    const c = await t.as(user);
    const first = await c.get('/api/notification-preferences');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    const wanted = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      event_published: { email: true, push: false },
      waitlisted: { email: false, push: true },
    };
    const put = await c.put('/api/notification-preferences', wanted);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(wanted);
    const [stored] = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id));
    expect(stored.preferences).toEqual({ event_published: { email: true }, waitlisted: { email: false } });
    expect((await c.get('/api/notification-preferences')).json()).toEqual(wanted);

    for (const bad of [
      { ...wanted, unknown_type: { email: true, push: true } },
      { ...wanted, waitlisted: { email: 'ja', push: true } },
      { ...wanted, waitlisted: { email: true, push: true, sms: true } },
      { ...wanted, waitlisted: undefined },
    ]) {
      const res = await c.put('/api/notification-preferences', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await c.get('/api/notification-preferences')).json()).toEqual(wanted);
  });
});

describe('notification triggers', () => {
  let t: TestContext;
  let admin: { id: string };
  let adminClient: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    adminClient = await t.as(admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('confirms a registration (with the .ics flag) and tells a waitlisted member their place', async () => {
    const event = await buildEvent(t.db, { maxParticipants: 4 });
    const bystander = await buildPro(t.db);
    const first = await buildPro(t.db);
    const second = await buildPro(t.db);
    const third = await buildPro(t.db);
    for (let i = 0; i < 3; i++) {
      await buildRegistration(t.db, {
        eventId: event.id,
        userId: (await buildUser(t.db)).id,
        status: 'registered',
      });
    }
    for (const m of [first, second, third]) {
      expect((await (await t.as(m)).post(`/api/events/${event.id}/register`, {})).statusCode).toBe(201);
    }
    const [confirmed] = await rowsOf(t, first.id);
    expect(confirmed).toMatchObject({
      type: 'registration_confirmed',
      url: `/events/${event.id}`,
      data: { eventId: event.id, ics: true },
    });
    expect(confirmed.title).toContain(event.title);
    const [w1] = await rowsOf(t, second.id);
    const [w2] = await rowsOf(t, third.id);
    expect(w1).toMatchObject({ type: 'waitlisted', data: { position: 1 } });
    expect(w2).toMatchObject({ type: 'waitlisted', data: { position: 2 } });
    expect(w2.body).toContain('nummer 2');
    expect(await rowsOf(t, bystander.id)).toEqual([]);

    // The registered member cancels: the first on the waitlist is promoted, and only they hear of it.
    expect((await (await t.as(first)).delete(`/api/events/${event.id}/register`)).statusCode).toBe(200);
    expect((await rowsOf(t, second.id)).map((r) => r.type)).toEqual(['waitlisted', 'promoted']);
    expect((await rowsOf(t, third.id)).map((r) => r.type)).toEqual(['waitlisted']);
    expect((await rowsOf(t, first.id)).map((r) => r.type)).toEqual(['registration_confirmed']);
  });

  it('groups changes of time, place or price within 30 minutes into one notice per member', async () => {
    const base = eventFormPayload({ maxParticipants: 4 });
    const created = await adminClient.post('/api/events', base);
    expect(created.statusCode).toBe(201);
    const event = { id: created.json().id as number, startTime: new Date(base.startTime) };
    const registered = await buildUser(t.db);
    const waiting = await buildUser(t.db);
    const outsider = await buildUser(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: registered.id, status: 'registered' });
    await buildRegistration(t.db, { eventId: event.id, userId: waiting.id, status: 'waitlisted' });
    // Only the description changes: no notice.
    expect(
      (await adminClient.put(`/api/events/${event.id}`, { ...base, description: 'Ny text' })).statusCode,
    ).toBe(200);
    const put1 = await adminClient.put(`/api/events/${event.id}`, { ...base, location: 'Båstad GK' });
    expect(put1.statusCode).toBe(200);
    const [n1] = await rowsOf(t, registered.id);
    expect(n1.type).toBe('event_changed');
    expect(n1.body).toContain('Båstad GK');
    expect(n1.deliverAfter.getTime() - n1.createdAt.getTime()).toBeGreaterThan(29 * 60 * 1000);
    // Read in the bell meanwhile; then the price changes too within the window.
    await (await t.as(registered)).post('/api/notifications/read', {});
    const later = new Date(event.startTime.getTime() + 60 * 60 * 1000);
    const put2 = await adminClient.put(`/api/events/${event.id}`, {
      ...base,
      location: 'Båstad GK',
      registrationFee: 450,
      price: 1150,
      startTime: later.toISOString(),
      endTime: new Date(later.getTime() + 5 * 3600_000).toISOString(),
    });
    expect(put2.statusCode).toBe(200);
    const after = await rowsOf(t, registered.id);
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(n1.id);
    expect(after[0].readAt).toBeNull();
    expect(after[0].body).toMatch(/tid, plats och pris/);
    expect(after[0].body).toContain('1\u00a0150 kr');
    expect(after[0].deliverAfter.getTime()).toBe(n1.deliverAfter.getTime());
    expect(await rowsOf(t, waiting.id)).toHaveLength(1);
    expect(await rowsOf(t, outsider.id)).toEqual([]);

    // Once the window's notice went out, a new edit opens a new window.
    await t.db
      .update(notifications)
      .set({ deliveredAt: new Date() })
      .where(eq(notifications.dedupeKey, n1.dedupeKey!));
    await adminClient.put(`/api/events/${event.id}`, { ...base, location: 'Bro Hof Slott GK' });
    expect(await rowsOf(t, registered.id)).toHaveLength(2);
  });

  it('tells registered and waitlisted members of a cancellation or deletion, once', async () => {
    const event = await buildEvent(t.db, { maxParticipants: 4 });
    const registered = await buildUser(t.db);
    const waiting = await buildUser(t.db);
    const outsider = await buildUser(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: registered.id, status: 'registered' });
    await buildRegistration(t.db, { eventId: event.id, userId: waiting.id, status: 'waitlisted' });
    const payload = eventFormPayload({
      title: event.title,
      location: event.location,
      maxParticipants: 4,
      startTime: event.startTime.toISOString(),
      endTime: event.endTime.toISOString(),
      registrationDeadline: null,
      status: 'cancelled',
    });
    const live: string[] = [];
    const unlisten = await t.database.listen(REALTIME_CHANNEL, (p) => live.push(p));
    expect((await adminClient.put(`/api/events/${event.id}`, payload)).statusCode).toBe(200);
    expect((await adminClient.put(`/api/events/${event.id}`, payload)).statusCode).toBe(200);
    for (const m of [registered, waiting]) {
      const rows = await rowsOf(t, m.id);
      expect(rows.map((r) => [r.type, r.url])).toEqual([['event_cancelled', `/events/${event.id}`]]);
    }
    // Each new notice went to its member's sockets as the API presents it.
    const [mine] = await rowsOf(t, registered.id);
    await until(() => live.some((p) => p.includes(mine.id)));
    await unlisten();
    const envelope = JSON.parse(live.find((p) => p.includes(mine.id))!);
    expect(envelope).toEqual({
      to: [registered.id],
      event: { type: 'notification', data: presentNotification(mine) },
    });
    expect(await rowsOf(t, outsider.id)).toEqual([]);

    const gone = await buildEvent(t.db);
    const member = await buildUser(t.db);
    await buildRegistration(t.db, { eventId: gone.id, userId: member.id, status: 'registered' });
    expect((await adminClient.delete(`/api/events/${gone.id}`)).statusCode).toBe(200);
    const [row] = await rowsOf(t, member.id);
    expect(row).toMatchObject({ type: 'event_cancelled', url: '/events' });
    expect(row.body).toContain(gone.title);
  });

  it('tells only members who opted in of a new event', async () => {
    const optedIn = await buildUser(t.db);
    const pushOnly = await buildUser(t.db);
    const optedOut = await buildUser(t.db);
    const nobody = await buildUser(t.db);
    await t.db.insert(notificationPreferences).values([
      { userId: optedIn.id, preferences: { event_published: { email: true } } },
      { userId: pushOnly.id, preferences: { event_published: { push: true } } },
      {
        userId: optedOut.id,
        preferences: { event_published: { email: false }, waitlisted: { email: false } },
      },
    ]);
    const res = await adminClient.post('/api/events', eventFormPayload({ title: 'Vårresa till Båstad' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    for (const m of [optedIn, pushOnly]) {
      const rows = await rowsOf(t, m.id);
      expect(rows.map((r) => [r.type, r.url])).toEqual([['event_published', `/events/${id}`]]);
      expect(rows[0].title).toBe('Nytt evenemang: Vårresa till Båstad');
    }
    expect(await rowsOf(t, optedOut.id)).toEqual([]);
    expect(await rowsOf(t, nobody.id)).toEqual([]);
    expect(await rowsOf(t, admin.id)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a Swedish page for a good token and 404 for a bad one', async () => {
    const user = await buildUser(t.db);
    const token = unsubscribeToken(await unsubscribeKey(t.database), user.id, 'event_changed');
    const page = await t.anon.get(`/api/unsubscribe/${token}`, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Ändrat evenemang');
    expect(page.body).toContain(`action="/api/unsubscribe/${token}"`);
    expect((await t.anon.get(`/api/unsubscribe/${token}`)).json()).toMatchObject({ type: 'event_changed' });

    const forged = unsubscribeToken('another-key', user.id, 'event_changed');
    const bad = await t.anon.get(`/api/unsubscribe/${forged}`);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe('Länken för att avsluta e-post är ogiltig');
    expect((await t.anon.post('/api/unsubscribe/garbage', {})).statusCode).toBe(404);
    const badPage = await t.anon.get('/api/unsubscribe/eA.1.y', { accept: 'text/html' });
    expect(badPage.statusCode).toBe(404);
    expect(badPage.body).toContain('Ogiltig länk');
  });

  it('turns that type e-mail off on a one-click POST from a mail program (no login, no Origin), idempotently', async () => {
    const user = await buildUser(t.db);
    await t.db.insert(notificationPreferences).values({
      userId: user.id,
      preferences: { event_changed: { push: false }, waitlisted: { email: false } },
    });
    const token = unsubscribeToken(await unsubscribeKey(t.database), user.id, 'event_changed');
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe/${token}`,
        headers: { host: 'localhost:5000', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toContain('Ändrat evenemang');
    }
    const prefs = (await (await t.as(user)).get('/api/notification-preferences')).json();
    expect(prefs.event_changed).toEqual({ email: false, push: false });
    expect(prefs.waitlisted).toEqual({ email: false, push: true });
    expect(prefs.event_cancelled).toEqual({ email: true, push: true });

    // An opt-in type: off is its default, so nothing is stored for it.
    const other = await buildUser(t.db);
    await t.db
      .insert(notificationPreferences)
      .values({ userId: other.id, preferences: { event_published: { email: true, push: true } } });
    const t2 = unsubscribeToken(await unsubscribeKey(t.database), other.id, 'event_published');
    const html = await t.anon.post(`/api/unsubscribe/${t2}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      origin: 'https://mail.example',
    });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('E-post avslutad');
    const [stored] = await t.db
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, other.id)));
    expect(stored.preferences).toEqual({ event_published: { push: true } });
  });
});
