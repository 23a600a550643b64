import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails, reports } from '../db/schema';
import { lastEmail } from '../test/browser';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { REPORTS_PER_HOUR } from './reports.service';

type User = Awaited<ReturnType<typeof buildUser>>;

const reportRow = async (t: TestContext, id: number) =>
  (await t.db.select().from(reports).where(eq(reports.id, id)))[0];

const emailsTo = (t: TestContext, to: string, template: string) =>
  t.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.recipient, to), eq(outboundEmails.template, template)));

describe('reports: POST /api/reports', () => {
  let t: TestContext;
  let anna: User;
  let per: User;
  let a: TestClient;
  let p: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    anna = await buildUser(t.db, { firstName: 'Anna', lastName: 'Anmälare' });
    per = await buildUser(t.db, {
      firstName: 'Per',
      lastName: 'Plump',
      dream: 'Hole in one',
      interests: 'Golf',
    });
    [a, p] = await Promise.all([t.as(anna), t.as(per)]);
  });
  afterAll(() => t?.close());

  it('answers 401 to a visitor, whatever the body', async () => {
    for (const body of [null, { targetType: 'user', targetId: per.id, reason: 'spam' }]) {
      const res = await t.anon.post('/api/reports', body ?? undefined);
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 400 with the Swedish message for each bad field', async () => {
    const cases: [unknown, string][] = [
      [{ targetType: 'event', targetId: '1', reason: 'spam' }, msg.reportTargetTypeInvalid],
      [{ targetType: 'user', targetId: '', reason: 'spam' }, msg.reportTargetIdRequired],
      [{ targetType: 'user', targetId: per.id, reason: 'rude' }, msg.reportReasonInvalid],
      [{ targetType: 'user', targetId: per.id, reason: 'other' }, msg.reportOtherNeedsDetails],
      [
        { targetType: 'user', targetId: per.id, reason: 'spam', details: 'x'.repeat(2001) },
        msg.reportDetailsTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await a.post('/api/reports', body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await a.post('/api/reports', { targetType: 'user', targetId: per.id, reason: 'spam', x: 1 }))
        .statusCode,
    ).toBe(400);
    expect((await a.post('/api/reports', null as never)).statusCode).toBe(400);
    expect(
      (await a.post('/api/reports', { targetType: 'user', targetId: anna.id, reason: 'spam' })).json(),
    ).toEqual({
      message: msg.reportSelf,
    });
  });

  it('reports a profile: 201, a copy of it, the acknowledgement e-mail; the same report again answers the open one', async () => {
    const res = await a.post('/api/reports', {
      targetType: 'user',
      targetId: per.id,
      reason: 'fake',
      details: '  Bilden är från en reklam  ',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const row = await reportRow(t, id);
    expect(row).toMatchObject({
      reporterId: anna.id,
      targetUserId: per.id,
      reason: 'fake',
      details: 'Bilden är från en reklam',
      decidedAt: null,
    });
    expect(row.snapshot).toMatchObject({
      name: 'Per Plump',
      text: expect.stringContaining('Golfdröm: Hole in one'),
    });
    const ack = await lastEmail(t.db, anna.email!, 'report-received');
    expect(ack?.subject).toBe('Vi har tagit emot din anmälan');
    expect(ack?.textBody).toContain('en profil (Falsk profil)');

    const again = await a.post('/api/reports', { targetType: 'user', targetId: per.id, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id });
    expect(await emailsTo(t, anna.email!, 'report-received')).toHaveLength(1);
  });

  it("reports only messages the reporter can read: 404 for someone else's direct message or a chat they are not in", async () => {
    const other = await buildUser(t.db);
    const toOther = await p.post('/api/messages', { receiverId: other.id, content: 'Hemligt' });
    expect(toOther.statusCode).toBe(201);
    const notMine = await a.post('/api/reports', {
      targetType: 'message',
      targetId: String(toOther.json().id),
      reason: 'harassment',
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe(msg.reportTargetNotFound);

    const toAnna = await p.post('/api/messages', { receiverId: anna.id, content: 'Du är ful' });
    const ok = await a.post('/api/reports', {
      targetType: 'message',
      targetId: String(toAnna.json().id),
      reason: 'harassment',
    });
    expect(ok.statusCode).toBe(201);
    expect((await reportRow(t, ok.json().id)).snapshot).toMatchObject({
      text: 'Du är ful',
      name: 'Per Plump',
    });
    // A direct message is not a group message, and ids that are not numbers find nothing.
    for (const [targetType, targetId] of [
      ['group_message', String(toAnna.json().id)],
      ['message', 'abc'],
      ['message', '99999999'],
      ['image', 'not-a-uuid'],
      ['user', 'nobody'],
    ]) {
      expect((await a.post('/api/reports', { targetType, targetId, reason: 'spam' })).statusCode).toBe(404);
    }

    const event = await buildEvent(t.db, { title: 'Rapportresan' });
    await buildRegistration(t.db, { eventId: event.id, userId: per.id });
    const post = await p.post(`/api/events/${event.id}/messages`, { content: 'Köp mina klubbor' });
    expect(post.statusCode).toBe(201);
    const groupReport = { targetType: 'group_message', targetId: String(post.json().id), reason: 'spam' };
    expect((await a.post('/api/reports', groupReport)).statusCode).toBe(404);
    await buildRegistration(t.db, { eventId: event.id, userId: anna.id });
    const inChat = await a.post('/api/reports', groupReport);
    expect(inChat.statusCode).toBe(201);
    expect((await reportRow(t, inChat.json().id)).snapshot).toMatchObject({ eventTitle: 'Rapportresan' });
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour, then 429 with Retry-After`, async () => {
    const busy = await buildUser(t.db);
    const client = await t.as(busy);
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => buildUser(t.db)));
    for (const target of targets.slice(0, REPORTS_PER_HOUR)) {
      expect(
        (await client.post('/api/reports', { targetType: 'user', targetId: target.id, reason: 'spam' }))
          .statusCode,
      ).toBe(201);
    }
    const over = await client.post('/api/reports', {
      targetType: 'user',
      targetId: targets[REPORTS_PER_HOUR].id,
      reason: 'spam',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(msg.reportLimit);
    expect(over.headers['retry-after']).toBeDefined();
  });
});
