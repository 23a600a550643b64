import { gunzipSync } from 'node:zlib';
import { msg } from '@common/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { eventNotifications, eventRegistrations, events } from '../db/schema';
import {
  buildAdmin,
  buildEvent,
  buildPro,
  buildRegistration,
  buildUser,
  eventFormPayload,
} from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const payload = eventFormPayload;

describe('events', () => {
  let t: TestContext;
  let admin: UserRow;
  let member: UserRow;
  let asAdmin: TestClient;
  let asMember: TestClient;
  const countEvents = async () => (await t.db.select({ id: events.id }).from(events)).length;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    member = await buildPro(t.db);
    asAdmin = await t.as(admin);
    asMember = await t.as(member);
  });
  afterAll(() => t.close());

  describe('POST /api/events', () => {
    it('answers 401 to a visitor and 403 to a member, and creates nothing', async () => {
      const before = await countEvents();
      expect((await t.anon.post('/api/events', payload())).statusCode).toBe(401);
      const res = await asMember.post('/api/events', payload());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(msg.forbidden);
      expect(await countEvents()).toBe(before);
    });

    it.each([
      ['end before start', { endTime: new Date(Date.now() + 19 * DAY).toISOString() }, msg.endAfterStart],
      [
        'deadline after start',
        { registrationDeadline: new Date(Date.now() + 21 * DAY).toISOString() },
        msg.deadlineBeforeStart,
      ],
      ['negative fee', { registrationFee: -1, price: -1 + 700 }, 'Anmälningsavgift får inte vara negativ'],
      ['negative green fee', { greenFee: -5, price: 495 }, 'Greenfee får inte vara negativ'],
      ['too few participants', { maxParticipants: 2 }, msg.maxParticipantsMin],
      ['zero participants', { maxParticipants: 0 }, msg.maxParticipantsMin],
      ['not a step of 4', { maxParticipants: 18 }, 'Max antal deltagare anges i steg om 4'],
      [
        'wrong total price',
        { price: 999 },
        'Totalpriset måste vara anmälningsavgiften plus greenfee (när greenfee inte ingår)',
      ],
      ['no title', { title: '  ' }, 'Ange ett namn på evenemanget'],
      ['bad date', { startTime: 'igår' }, 'Starttid måste vara ett giltigt datum'],
    ])('refuses %s with the exact message', async (_name, over, message) => {
      const before = await countEvents();
      const res = await asAdmin.post('/api/events', payload(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await countEvents()).toBe(before);
    });

    it('refuses an unknown image id', async () => {
      const res = await asAdmin.post(
        '/api/events',
        payload({ imageId: '7f0c8a52-9a55-4f7e-9b6a-000000000000' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(msg.imageNotFound);
    });

    it('creates an event for an admin, with createdBy the admin and the total price computed', async () => {
      const res = await asAdmin.post('/api/events', payload({ price: undefined }));
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ title: 'Höstresa till Halmstad', price: 1200, registeredCount: 0 });
      const [row] = await t.db.select().from(events).where(eq(events.id, body.id));
      expect(row.createdBy).toBe(admin.id);
      expect(row.price).toBe(1200);
    });

    it('clears the green fee when it is included', async () => {
      const res = await asAdmin.post('/api/events', payload({ greenFeeIncluded: true, price: 500 }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ greenFee: null, price: 500 });
    });
  });

  describe('GET /api/events/{id}', () => {
    it('answers 404 with the spec text and 400 for a bad id', async () => {
      const res = await t.anon.get('/api/events/999999');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Evenemanget hittades inte');
      expect((await t.anon.get('/api/events/abc')).statusCode).toBe(400);
    });

    it('gives counts, ball groups and abilities by caller', async () => {
      const e = await buildEvent(t.db, { maxParticipants: 4 });
      const other = await buildPro(t.db);
      await buildRegistration(t.db, { eventId: e.id, userId: member.id });
      await buildRegistration(t.db, { eventId: e.id, userId: other.id, status: 'waitlisted' });

      const anon = (await t.anon.get(`/api/events/${e.id}`)).json();
      expect(anon).toMatchObject({
        registeredCount: 1,
        waitlistedCount: 1,
        ballGroupCount: 0,
        myRegistration: null,
      });
      expect(anon.abilities).toMatchObject({ canEdit: false, canRegister: false, canSeeChat: false });

      const mine = (await asMember.get(`/api/events/${e.id}`)).json();
      expect(mine.myRegistration).toMatchObject({ status: 'registered', paymentStatus: 'pending' });
      expect(mine.abilities).toMatchObject({
        canEdit: false,
        canRegister: false,
        canCancel: true,
        canSeeChat: true,
      });

      const adm = (await asAdmin.get(`/api/events/${e.id}`)).json();
      expect(adm.abilities).toMatchObject({ canEdit: true, canDelete: true, canRegister: true, isPro: true });
    });

    it('closes registration after the deadline', async () => {
      const e = await buildEvent(t.db, { registrationDeadline: new Date(Date.now() - HOUR) });
      const res = (await asMember.get(`/api/events/${e.id}`)).json();
      expect(res.registrationOpen).toBe(false);
      expect(res.abilities.canRegister).toBe(false);
    });
  });

  describe('PUT /api/events/{id}', () => {
    it('answers 401, 403 and 404, and changes nothing', async () => {
      const e = await buildEvent(t.db);
      expect((await t.anon.put(`/api/events/${e.id}`, payload())).statusCode).toBe(401);
      expect((await asMember.put(`/api/events/${e.id}`, payload())).statusCode).toBe(403);
      expect((await asAdmin.put('/api/events/999999', payload())).statusCode).toBe(404);
      const bad = await asAdmin.put(`/api/events/${e.id}`, payload({ maxParticipants: 5 }));
      expect(bad.statusCode).toBe(400);
      const [row] = await t.db.select().from(events).where(eq(events.id, e.id));
      expect(row.title).toBe(e.title);
    });

    it('updates an event', async () => {
      const e = await buildEvent(t.db);
      const res = await asAdmin.put(`/api/events/${e.id}`, payload({ title: 'Ny titel' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().title).toBe('Ny titel');
      const [row] = await t.db.select().from(events).where(eq(events.id, e.id));
      expect(row.title).toBe('Ny titel');
    });

    it('refuses lowering max participants below the registered count', async () => {
      const e = await buildEvent(t.db, { maxParticipants: 8 });
      for (let i = 0; i < 5; i++) {
        const u = await buildUser(t.db);
        await buildRegistration(t.db, { eventId: e.id, userId: u.id });
      }
      const res = await asAdmin.put(`/api/events/${e.id}`, payload({ maxParticipants: 4 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${msg.maxBelowRegistered} (5)`);
      const [row] = await t.db.select().from(events).where(eq(events.id, e.id));
      expect(row.maxParticipants).toBe(8);
    });

    it('promotes the earliest waitlisted when max participants is raised, with notifications', async () => {
      const e = await buildEvent(t.db, { maxParticipants: 4 });
      const users: UserRow[] = [];
      for (let i = 0; i < 7; i++) {
        const u = await buildUser(t.db);
        users.push(u);
        await buildRegistration(t.db, {
          eventId: e.id,
          userId: u.id,
          status: i < 4 ? 'registered' : 'waitlisted',
          registeredAt: new Date(Date.now() - (10 - i) * 60_000),
        });
      }
      const res = await asAdmin.put(`/api/events/${e.id}`, payload({ maxParticipants: 4 + 4 }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ registeredCount: 7, waitlistedCount: 0 });
      const notes = await t.db.select().from(eventNotifications).where(eq(eventNotifications.eventId, e.id));
      expect(notes.map((n) => n.userId).sort()).toEqual(
        users
          .slice(4)
          .map((u) => u.id)
          .sort(),
      );
      expect(notes[0].type).toBe('waitlist_promoted');
    });
  });

  describe('DELETE /api/events/{id}', () => {
    it('answers 401 and 403, then deletes with registrations for an admin', async () => {
      const e = await buildEvent(t.db);
      await buildRegistration(t.db, { eventId: e.id, userId: member.id });
      expect((await t.anon.delete(`/api/events/${e.id}`)).statusCode).toBe(401);
      expect((await asMember.delete(`/api/events/${e.id}`)).statusCode).toBe(403);
      expect(await t.db.select().from(events).where(eq(events.id, e.id))).toHaveLength(1);
      const res = await asAdmin.delete(`/api/events/${e.id}`);
      expect(res.statusCode).toBe(200);
      expect(await t.db.select().from(events).where(eq(events.id, e.id))).toHaveLength(0);
      expect(
        await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, e.id)),
      ).toHaveLength(0);
      expect((await asAdmin.delete(`/api/events/${e.id}`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/events', () => {
    it('lists with counts and filters by status and search, case-insensitively', async () => {
      const past = await buildEvent(t.db, {
        title: 'Vårträff i Visby',
        startTime: new Date(Date.now() - 3 * DAY),
        endTime: new Date(Date.now() - 3 * DAY + HOUR),
      });
      const res = await t.anon.get('/api/events?status=past&q=VISBY');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((e: { id: number }) => e.id)).toEqual([past.id]);
      expect((await t.anon.get('/api/events?status=nonsense')).statusCode).toBe(400);
    });
  });

  describe('GET /api/events/{id}/calendar.ics', () => {
    it('answers an iCalendar file in Europe/Stockholm', async () => {
      const e = await buildEvent(t.db, {
        title: 'Midsommargolf, med lunch',
        startTime: new Date('2030-06-21T08:00:00Z'),
        endTime: new Date('2030-06-21T14:30:00Z'),
      });
      const res = await t.anon.get(`/api/events/${e.id}/calendar.ics`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/calendar');
      expect(res.body).toContain('DTSTART;TZID=Europe/Stockholm:20300621T100000');
      expect(res.body).toContain('DTEND;TZID=Europe/Stockholm:20300621T163000');
      expect(res.body).toContain('SUMMARY:Midsommargolf\\, med lunch');
      expect(res.body).toContain('BEGIN:VTIMEZONE');
      expect((await t.anon.get('/api/events/999999/calendar.ics')).statusCode).toBe(404);
    });
  });
});

describe('GET /api/events cache', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('serves the cached list until events or registrations change, with an ETag', async () => {
    const e = await buildEvent(t.db, { title: 'Cachad resa' });
    const first = await t.anon.get('/api/events');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.json()).toEqual([expect.objectContaining({ id: e.id, registeredCount: 0 })]);
    const etag = String(first.headers.etag);
    expect((await t.anon.get('/api/events', { 'if-none-match': etag })).statusCode).toBe(304);

    // A change written straight to the database (as another server instance or a script would) is
    // announced by the trigger's NOTIFY and seen within a second.
    const u = await buildUser(t.db);
    await buildRegistration(t.db, { eventId: e.id, userId: u.id });
    const count = async () => (await t.anon.get('/api/events')).json()[0].registeredCount;
    await expect.poll(count, { timeout: 1000, interval: 20 }).toBe(1);
    const second = await t.anon.get('/api/events', { 'if-none-match': etag });
    expect(second.statusCode).toBe(200);
    await t.db.update(events).set({ title: 'Ny titel' }).where(eq(events.id, e.id));
    await expect
      .poll(async () => (await t.anon.get('/api/events')).json()[0].title, { timeout: 1000, interval: 20 })
      .toBe('Ny titel');
    await t.db.delete(eventRegistrations).where(eq(eventRegistrations.eventId, e.id));
    await expect.poll(count, { timeout: 1000, interval: 20 }).toBe(0);

    const zipped = await t.anon.get('/api/events', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(
      (await t.anon.get('/api/events')).json(),
    );
  });

  it('shows a write made through this instance to the very next request', async () => {
    const e = await buildEvent(t.db, { title: 'Direkt' });
    const pro = await buildPro(t.db);
    const client = await t.as(pro);
    const before = (await t.anon.get('/api/events')).json().find((x: { id: number }) => x.id === e.id);
    expect(before.registeredCount).toBe(0);
    expect((await client.post(`/api/events/${e.id}/register`, {})).statusCode).toBe(201);
    const after = (await t.anon.get('/api/events')).json().find((x: { id: number }) => x.id === e.id);
    expect(after.registeredCount).toBe(1);
    expect((await client.delete(`/api/events/${e.id}/register`)).statusCode).toBe(200);
    const cancelled = (await t.anon.get('/api/events')).json().find((x: { id: number }) => x.id === e.id);
    expect(cancelled.registeredCount).toBe(0);
  });

  // PGlite is in process; only PostgreSQL has a LISTEN connection that can drop and lose notifications.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'checks the database on every request while its LISTEN connection is down, and after it is back',
    async () => {
      const e = await buildEvent(t.db, { title: 'Före avbrottet' });
      const title = async () =>
        (await t.anon.get('/api/events')).json().find((x: { id: number }) => x.id === e.id).title;
      await expect.poll(title, { timeout: 1000, interval: 20 }).toBe('Före avbrottet');
      const epoch = t.database.listenerEpoch();
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()`,
      );
      await expect.poll(() => t.database.listenerEpoch(), { timeout: 5000, interval: 10 }).toBeNull();
      // Nobody hears this NOTIFY; the change must still be served at once.
      await t.db.update(events).set({ title: 'Under avbrottet' }).where(eq(events.id, e.id));
      expect(await title()).toBe('Under avbrottet');
      await expect
        .poll(() => t.database.listenerEpoch(), { timeout: 8000, interval: 50 })
        .toBeGreaterThan(epoch ?? 0);
      await t.db.update(events).set({ title: 'Efter avbrottet' }).where(eq(events.id, e.id));
      await expect.poll(title, { timeout: 1000, interval: 20 }).toBe('Efter avbrottet');
    },
  );
});
