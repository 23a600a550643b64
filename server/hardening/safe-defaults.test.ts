import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, messages, users } from '../db/schema';
import { smallJpeg, uploadImage } from '../images/images.test-helpers';
import { browser, signUpAndVerify } from '../test/browser';
import {
  buildAdmin,
  buildEvent,
  buildPro,
  buildRegistration,
  buildUser,
  eventFormPayload,
  profileFormPayload,
} from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';

const NOTES = 'Internt: bussen betald, faktura till klubben';

describe('safe defaults (issue 12)', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('returnTo after login', () => {
    const person = {
      firstName: 'Retur',
      lastName: 'Test',
      email: 'retur@example.se',
      password: 'tillbaka2024',
    };

    beforeAll(async () => {
      await signUpAndVerify(t.app, t.db, person);
    });

    /** Logs in through the issuer's form from /api/login?returnTo=…; answers where the browser ends up. */
    async function loginReturningTo(returnTo: string): Promise<string> {
      const b = browser(t.app);
      const start = await b.go('GET', `/api/login?returnTo=${encodeURIComponent(returnTo)}`);
      const uid = new URL(start.url).pathname.split('/')[3];
      expect(uid, start.url).toBeTruthy();
      const done = await b.go('POST', `/idp/interaction/${uid}/login`, {
        email: person.email,
        password: person.password,
      });
      expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(200);
      return done.url;
    }

    it('keeps a same-site path with its query and fragment', async () => {
      expect(await loginReturningTo('/events/3?x=1#y')).toBe(`${TEST_ORIGIN}/events/3?x=1#y`);
    });

    it.each([
      '/\\evil.example/x',
      '/\t/evil.example',
      '//evil.example',
      'https://evil.example',
      '/%5Cevil.example',
      'javascript:alert(1)',
      '/..//evil.example',
      `/${'a'.repeat(600)}`,
    ])('returns to the start page instead of %s', async (returnTo) => {
      expect(await loginReturningTo(returnTo)).toBe(`${TEST_ORIGIN}/`);
    });
  });

  describe('Cache-Control', () => {
    it('is no-store on every answer with personal data, errors included', async () => {
      const member = await buildPro(t.db);
      const admin = await buildAdmin(t.db);
      const event = await buildEvent(t.db);
      await buildRegistration(t.db, { eventId: event.id, userId: member.id });
      const m = await t.as(member);
      const a = await t.as(admin);
      const personal: Array<[typeof m, string]> = [
        [m, '/api/auth/user'],
        [m, '/api/messages'],
        [m, `/api/messages/${admin.id}`],
        [m, '/api/messages/unread-count'],
        [m, `/api/users/${member.id}`],
        [m, `/api/users/${member.id}/registrations`],
        [m, '/api/users'],
        [m, `/api/events/${event.id}`],
        [m, `/api/events/${event.id}/registrations`],
        [m, `/api/events/${event.id}/messages`],
        [m, '/api/subscription-details'],
        [m, '/api/me/security'],
        [a, '/api/admin/stats'],
        [a, '/api/admin/users'],
        [a, '/api/admin/feedback'],
        [a, '/api/admin/emails'],
        [t.anon, '/api/auth/user'],
        [m, '/api/admin/stats'],
      ];
      for (const [client, url] of personal) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.headers['cache-control'], `${url} (${res.statusCode})`).toBe('no-store');
      }
      const write = await m.post('/api/messages', { receiverId: admin.id, content: 'Hej' });
      expect(write.statusCode).toBe(201);
      expect(write.headers['cache-control']).toBe('no-store');
    });

    it('leaves the caching of public answers as they set it', async () => {
      const event = await buildEvent(t.db);
      const list = await t.anon.get('/api/events');
      expect(list.headers['cache-control']).toBe('no-cache');
      expect(list.headers.etag).toBeTruthy();
      const filtered = await t.anon.get('/api/events?status=upcoming');
      expect(filtered.statusCode).toBe(200);
      expect(filtered.headers['cache-control']).toBeUndefined();
      const detail = await t.anon.get(`/api/events/${event.id}`);
      expect(detail.headers['cache-control']).toBe('no-cache');
      const ics = await t.anon.get(`/api/events/${event.id}/calendar.ics`);
      expect(ics.statusCode).toBe(200);
      expect(ics.headers['cache-control']).toBeUndefined();

      const admin = await buildAdmin(t.db);
      const a = await t.as(admin);
      const upload = await uploadImage(
        a,
        { entityType: 'event', entityId: String(event.id) },
        await smallJpeg(),
      );
      expect(upload.statusCode).toBe(201);
      const { id } = upload.json();
      const image = await t.anon.get(`/api/images/${id}/thumbnail`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });

  describe('HEAD', () => {
    it('answers HEAD / like GET / without a body', async () => {
      const get = await t.anon.get('/');
      const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: 'localhost:5000' } });
      expect(head.statusCode).toBe(get.statusCode);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
      expect(head.body).toBe('');
    });

    it('answers HEAD of a client page (SPA fallback) like its GET', async () => {
      const get = await t.anon.get('/events/3');
      const head = await t.app.inject({
        method: 'HEAD',
        url: '/events/3',
        headers: { host: 'localhost:5000' },
      });
      expect(head.statusCode).toBe(get.statusCode);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.body).toBe('');
    });

    it('answers HEAD wherever GET is, with the same status and headers', async () => {
      const admin = await buildAdmin(t.db);
      const event = await buildEvent(t.db);
      const gets = t.app.routeCatalog.filter(
        (r) => r.method === 'GET' && !r.url.includes('*') && r.url !== '/api/logout',
      );
      const heads = new Set(t.app.routeCatalog.filter((r) => r.method === 'HEAD').map((r) => r.url));
      const checked: string[] = [];
      for (const route of gets) {
        expect(heads, route.url).toContain(route.url);
        const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
          name === 'id' || name === 'eventId' ? String(event.id) : name === 'userId' ? admin.id : 'x',
        );
        const cookie = (await t.as(admin)).cookie!;
        const headers = { host: 'localhost:5000', cookie };
        const get = await t.app.inject({ method: 'GET', url, headers });
        const head = await t.app.inject({ method: 'HEAD', url, headers });
        expect(head.statusCode, url).toBe(get.statusCode);
        expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
        expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
        expect(head.body, url).toBe('');
        checked.push(url);
      }
      expect(checked.length).toBeGreaterThan(30);
    });
  });

  describe('event notes are for administrators only', () => {
    it('sends notes to admins (detail, create, update) and to nobody else, not even through the shared list', async () => {
      const member = await buildPro(t.db);
      const admin = await buildAdmin(t.db);
      const event = await buildEvent(t.db, { notes: NOTES });
      await buildRegistration(t.db, { eventId: event.id, userId: member.id });
      const m = await t.as(member);
      const a = await t.as(admin);

      const adminDetail = await a.get(`/api/events/${event.id}`);
      expect(adminDetail.json().notes).toBe(NOTES);
      expect(adminDetail.json().abilities.canSeePrivateNotes).toBe(true);
      // The admin's list request fills the shared cache first: it still must not carry the notes.
      for (const client of [a, m, t.anon]) {
        const list = await client.get('/api/events');
        expect(list.statusCode).toBe(200);
        expect(list.body).not.toContain(NOTES);
        expect(list.json().find((e: { id: number }) => e.id === event.id)).not.toHaveProperty('notes');
        const filtered = await client.get(`/api/events?q=${encodeURIComponent(event.title)}`);
        expect(filtered.body).not.toContain(NOTES);
      }
      for (const client of [m, t.anon]) {
        const detail = await client.get(`/api/events/${event.id}`);
        expect(detail.statusCode).toBe(200);
        expect(detail.json()).not.toHaveProperty('notes');
        expect(detail.body).not.toContain(NOTES);
      }
      const mine = await m.get(`/api/users/${member.id}/registrations`);
      expect(mine.statusCode).toBe(200);
      expect(mine.body).not.toContain(NOTES);

      const created = await a.post('/api/events', eventFormPayload({ notes: 'Ny intern anteckning' }));
      expect(created.statusCode).toBe(201);
      expect(created.json().notes).toBe('Ny intern anteckning');
      const updated = await a.put(`/api/events/${created.json().id}`, eventFormPayload({ notes: 'Ändrad' }));
      expect(updated.statusCode).toBe(200);
      expect(updated.json().notes).toBe('Ändrad');
      expect((await m.get(`/api/events/${created.json().id}`)).json()).not.toHaveProperty('notes');
    });
  });

  describe('dates in a sane range', () => {
    it.each([
      ['startTime', '1999-12-31T22:59:00.000Z', 'Starttid måste vara mellan 2000 och 2100'],
      ['startTime', '2101-01-01T12:00:00.000Z', 'Starttid måste vara mellan 2000 och 2100'],
      ['startTime', '-271821-04-20T00:00:00.000Z', 'Starttid måste vara mellan 2000 och 2100'],
      ['endTime', '+275760-09-13T00:00:00.000Z', 'Sluttid måste vara mellan 2000 och 2100'],
      [
        'registrationDeadline',
        '1970-01-01T00:00:00.000Z',
        'Sista anmälningsdag måste vara mellan 2000 och 2100',
      ],
    ])('refuses an event whose %s is %s', async (field, value, message) => {
      const a = await t.as(await buildAdmin(t.db));
      const existing = await buildEvent(t.db);
      const payload = eventFormPayload({ [field]: value });
      const before = (await t.db.select({ id: events.id }).from(events)).length;
      const created = await a.post('/api/events', payload);
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(message);
      expect((await t.db.select({ id: events.id }).from(events)).length).toBe(before);
      const updated = await a.put(`/api/events/${existing.id}`, payload);
      expect(updated.statusCode).toBe(400);
      expect(updated.json().message).toBe(message);
    });

    it('accepts the edges of the range', async () => {
      const a = await t.as(await buildAdmin(t.db));
      const res = await a.post(
        '/api/events',
        eventFormPayload({
          startTime: '2100-12-31T10:00:00.000Z',
          endTime: '2100-12-31T16:00:00.000Z',
          registrationDeadline: '2000-01-01T00:00:00.000Z',
        }),
      );
      expect(res.statusCode).toBe(201);
    });

    it('refuses a calendar range over 5 years, reversed or outside the range; accepts a normal one', async () => {
      const cases: Array<[string, number, string?]> = [
        ['from=2024-01-01&to=2030-01-02', 400, msg.calendarSpanTooLong],
        ['from=2000-01-01&to=2100-01-01', 400, msg.calendarSpanTooLong],
        ['from=2026-05-01&to=2026-04-01', 400, msg.calendarRangeReversed],
        ['from=0001-01-01', 400, 'Från måste vara mellan 2000 och 2100'],
        ['to=9999-12-31', 400, 'Till måste vara mellan 2000 och 2100'],
        ['from=inte-ett-datum', 400, 'Från måste vara ett giltigt datum'],
        ['from=2026-01-01&to=2031-01-01', 200],
        ['from=2026-01-01', 200],
      ];
      for (const [query, status, message] of cases) {
        const res = await t.anon.get(`/api/events?${query}`);
        expect(res.statusCode, query).toBe(status);
        if (message) expect(res.json().message, query).toBe(message);
      }
    });
  });

  describe('NUL bytes', () => {
    it('refuses NUL in a message, a search, event fields and the profile with 400, storing nothing', async () => {
      const member = await buildPro(t.db);
      const other = await buildUser(t.db);
      const admin = await buildAdmin(t.db);
      const event = await buildEvent(t.db);
      await buildRegistration(t.db, { eventId: event.id, userId: member.id });
      const m = await t.as(member);
      const a = await t.as(admin);
      const nul = (res: Awaited<ReturnType<typeof m.get>>, what: string) => {
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toEqual({ message: msg.nulCharacter });
      };
      nul(await m.post('/api/messages', { receiverId: other.id, content: 'Hej\u0000då' }), 'message');
      nul(await m.post(`/api/events/${event.id}/messages`, { content: '\u0000' }), 'group chat');
      expect(await t.db.select().from(messages).where(eq(messages.senderId, member.id))).toEqual([]);
      nul(await m.get('/api/users?q=%00'), 'directory search');
      nul(await m.get('/api/users?q=anna%00'), 'directory search (end)');
      nul(await t.anon.get('/api/events?q=%00'), 'event search');
      nul(await m.get(`/api/messages/${other.id}%00`), 'thread id');
      nul(await a.post('/api/events', eventFormPayload({ title: 'Golf\u0000dag' })), 'event title');
      nul(await a.put(`/api/events/${event.id}`, eventFormPayload({ notes: 'x\u0000' })), 'event notes');
      nul(
        await m.put(`/api/users/${member.id}`, profileFormPayload({ club: 'Bro\u0000Hof' })),
        'profile club',
      );
      nul(
        await m.put(`/api/users/${member.id}`, profileFormPayload({ lookingFor: ['Partner\u0000'] })),
        'profile list',
      );
      const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
      expect(row.club).toBeNull();
      expect(row.lookingFor ?? []).toEqual([]);
    });

    it('refuses NUL in a multipart field (the upload reads its own fields) with 400', async () => {
      const admin = await buildAdmin(t.db);
      const a = await t.as(admin);
      const res = await uploadImage(
        a,
        { entityType: 'profile', entityId: `${admin.id}\u0000` },
        await smallJpeg(),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(msg.nulCharacter);
    });

    it("answers NUL in the issuer's login form with a plain 400 page", async () => {
      const b = browser(t.app);
      const start = await b.go('GET', '/api/login');
      const uid = new URL(start.url).pathname.split('/')[3];
      const res = await b.request('POST', `/idp/interaction/${uid}/login`, {
        email: 'a\u0000@example.se',
        password: 'x',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe(msg.nulCharacter);
    });
  });

  describe('bodies that are not objects', () => {
    it.each(['null', '[]', '"text"', '42', 'true'])(
      'answers %s as a profile with 400 (was 500)',
      async (raw) => {
        const member = await buildUser(t.db);
        const m = await t.as(member);
        const res = await m.put(`/api/users/${member.id}`, raw, { 'content-type': 'application/json' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: msg.jsonObjectExpected });
      },
    );

    it('answers null as an event, a message and feedback with 400 and the message', async () => {
      const a = await t.as(await buildAdmin(t.db));
      for (const url of ['/api/events', '/api/messages', '/api/feedback', '/api/newsletter']) {
        const res = await a.post(url, 'null', { 'content-type': 'application/json' });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ message: msg.jsonObjectExpected });
      }
    });
  });
});
