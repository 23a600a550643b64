import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { auditLog, type eventRegistrations, messages, notifications } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

/** Organiser tools (issue 16): announcements to part of an event. */
describe('announcements', () => {
  let t: TestContext;
  let admin: UserRow;
  let asAdmin: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    asAdmin = await t.as(admin);
  });
  afterAll(() => t.close());

  /** An event with one member in each state: registered paid/unpaid/present, offered, waitlisted, cancelled. */
  async function populated() {
    const event = await buildEvent(t.db, { maxParticipants: 4 });
    const m: Record<string, UserRow> = {};
    const add = async (key: string, values: Partial<typeof eventRegistrations.$inferInsert>) => {
      m[key] = await buildPro(t.db);
      await buildRegistration(t.db, { eventId: event.id, userId: m[key].id, ...values });
    };
    await add('paid', { paymentStatus: 'paid' });
    await add('unpaid', {});
    await add('present', { paymentStatus: 'paid', attendance: 'present' });
    await add('offered', { status: 'offered', offerExpiresAt: new Date(Date.now() + 3_600_000) });
    await add('waiting', { status: 'waitlisted' });
    await add('gone', { status: 'cancelled', cancelledAt: new Date() });
    return { event, m };
  }
  const reached = async (eventId: number) =>
    (
      await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.type, 'event_announcement'), eq(notifications.url, `/events/${eventId}`)))
    )
      .map((r) => r.userId)
      .sort();

  it('reaches exactly the chosen audience, with a notice each, listed with its count', async () => {
    const cases = [
      ['all', ['paid', 'unpaid', 'present', 'offered', 'waiting']],
      ['registered', ['paid', 'unpaid', 'present']],
      ['waitlisted', ['offered', 'waiting']],
      ['unpaid', ['unpaid']],
      ['checked_in', ['present']],
    ] as const;
    for (const [audience, keys] of cases) {
      const { event, m } = await populated();
      const res = await asAdmin.post(`/api/admin/events/${event.id}/announcements`, {
        audience,
        subject: 'Bussen',
        body: 'Bussen går 07:30 från Centralen.',
      });
      expect(res.statusCode, audience).toBe(201);
      expect(res.json()).toEqual({ recipients: keys.length });
      expect(await reached(event.id)).toEqual(keys.map((k) => m[k].id).sort());
      const list = (await asAdmin.get(`/api/admin/events/${event.id}/announcements`)).json();
      expect(list).toEqual([
        expect.objectContaining({
          audience,
          subject: 'Bussen',
          recipients: keys.length,
          postedToChat: false,
        }),
      ]);
    }
  });

  it('can post to the group chat, and writes an audit entry', async () => {
    const { event } = await populated();
    const res = await asAdmin.post(`/api/admin/events/${event.id}/announcements`, {
      audience: 'registered',
      subject: 'Betalning',
      body: 'Glöm inte att betala före fredag.',
      postToChat: true,
    });
    expect(res.statusCode).toBe(201);
    const chat = await t.db.select().from(messages).where(eq(messages.eventId, event.id));
    expect(chat).toEqual([
      expect.objectContaining({
        senderId: admin.id,
        content: 'Betalning\n\nGlöm inte att betala före fredag.',
      }),
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.announcement'), eq(auditLog.targetId, String(event.id))));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'event' });
    expect(entry.details).toMatchObject({ audience: 'registered', recipients: 3, postedToChat: true });
  });

  it('is for admins only, validates, and answers 404 for an unknown event', async () => {
    const { event, m } = await populated();
    const body = { audience: 'all', subject: 'Hej', body: 'Text' };
    const url = `/api/admin/events/${event.id}/announcements`;
    expect((await t.anon.post(url, body)).statusCode).toBe(401);
    expect((await (await t.as(m.paid)).post(url, body)).statusCode).toBe(403);
    expect((await (await t.as(m.paid)).get(url)).statusCode).toBe(403);
    const bad = async (over: Record<string, unknown>, message: string) => {
      const res = await asAdmin.post(url, { ...body, ...over });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    };
    await bad({ audience: 'everyone' }, 'Välj vilka som ska få meddelandet');
    await bad({ subject: '  ' }, 'Ange en rubrik');
    await bad({ body: 'x'.repeat(5001) }, 'Meddelandet får vara högst 5000 tecken');
    expect((await asAdmin.post(url, 'null', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await asAdmin.post('/api/admin/events/999999/announcements', body)).statusCode).toBe(404);
    expect((await asAdmin.get('/api/admin/events/999999/announcements')).statusCode).toBe(404);
    expect(await reached(event.id)).toEqual([]);
  });
});
