import type { AddressInfo } from 'node:net';
import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, images, messages, outboundEmails, reports, users } from '../db/schema';
import { insertImage } from '../images/images.queries';
import { CLOSE_SESSION_ENDED } from '../realtime/realtime.hub';
import { joinedSocket, settle } from '../realtime/test-socket';
import { browser, lastEmail, signUpAndVerify, startLogin } from '../test/browser';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
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

describe('moderation: the queue, decisions and suspension', () => {
  let t: TestContext;
  let admin: User;
  let anna: User;
  let per: User;
  let mod: TestClient;
  let a: TestClient;
  let p: TestClient;
  let wsUrl: string;

  beforeAll(async () => {
    t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    admin = await buildAdmin(t.db, { firstName: 'Mona', lastName: 'Moderator' });
    anna = await buildUser(t.db, { firstName: 'Anna', lastName: 'Anmälare' });
    per = await buildUser(t.db, { firstName: 'Per', lastName: 'Plump' });
    [mod, a, p] = await Promise.all([t.as(admin), t.as(anna), t.as(per)]);
  });
  afterAll(() => t?.close());

  const reportMessage = async (content: string) => {
    const sent = await p.post('/api/messages', { receiverId: anna.id, content });
    expect(sent.statusCode).toBe(201);
    const rep = await a.post('/api/reports', {
      targetType: 'message',
      targetId: String(sent.json().id),
      reason: 'harassment',
    });
    expect(rep.statusCode).toBe(201);
    return { messageId: sent.json().id as number, reportId: rep.json().id as number };
  };

  it('is for admins: 401 and 403 on every moderation route', async () => {
    const { reportId } = await reportMessage('Första');
    for (const client of [t.anon, a]) {
      const expected = client === t.anon ? 401 : 403;
      expect((await client.get('/api/admin/reports')).statusCode).toBe(expected);
      expect(
        (
          await client.post(`/api/admin/reports/${reportId}/decision`, {
            action: 'dismiss',
            statement: 'Inget brott mot reglerna',
          })
        ).statusCode,
      ).toBe(expected);
      expect((await client.post(`/api/admin/users/${per.id}/reinstate`, {})).statusCode).toBe(expected);
    }
    expect((await reportRow(t, reportId)).decidedAt).toBeNull();
  });

  it('lists open reports first with the content as it was, then decided ones', async () => {
    const { reportId } = await reportMessage('Elakt meddelande');
    const res = await mod.get('/api/admin/reports?status=open');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.open).toBeGreaterThanOrEqual(1);
    const item = page.items.find((r: { id: number }) => r.id === reportId);
    expect(item).toMatchObject({
      targetType: 'message',
      reason: 'harassment',
      reporter: { id: anna.id, name: 'Anna Anmälare' },
      targetUser: { id: per.id, name: 'Per Plump', suspended: false },
      snapshot: { text: 'Elakt meddelande', name: 'Per Plump' },
      contentRemoved: false,
      decidedAt: null,
      action: null,
    });
    expect(page.items.every((r: { decidedAt: string | null }) => r.decidedAt === null)).toBe(true);
    expect((await mod.get('/api/admin/reports?status=maybe')).statusCode).toBe(400);
  });

  it('removes a message everywhere, tells both sides by e-mail, logs the decision, and decides once', async () => {
    const { messageId, reportId } = await reportMessage('Hot mot dig');
    const short = await mod.post(`/api/admin/reports/${reportId}/decision`, {
      action: 'remove_content',
      statement: 'Nej',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(msg.decisionStatementRequired);
    expect(
      (
        await mod.post(`/api/admin/reports/${reportId}/decision`, {
          action: 'ban',
          statement: 'Hot mot en medlem',
        })
      ).json().message,
    ).toBe(msg.decisionActionInvalid);
    expect(
      (
        await mod.post(`/api/admin/reports/${reportId}/decision`, {
          action: 'warn',
          statement: 'Hot mot en medlem',
          ruleId: 42,
        })
      ).json().message,
    ).toBe(msg.decisionRuleInvalid);

    const res = await mod.post(`/api/admin/reports/${reportId}/decision`, {
      action: 'remove_content',
      statement: 'Meddelandet innehöll ett hot mot en annan medlem.',
    });
    expect(res.statusCode).toBe(204);
    const [m] = await t.db.select().from(messages).where(eq(messages.id, messageId));
    expect(m.removedAt).not.toBeNull();
    // Anna's notice of it no longer quotes it.
    const notices = (await a.get('/api/notifications')).json().items as { type: string; body: string }[];
    expect(notices.some((n) => n.body.includes('Hot mot dig'))).toBe(false);
    expect(notices.some((n) => n.type === 'direct_message' && n.body === msg.messageRemoved)).toBe(true);
    // Gone from both sides of the thread; the conversation list shows that it was removed.
    for (const [client, partner] of [
      [a, per],
      [p, anna],
    ] as const) {
      const thread = (await client.get(`/api/messages/${partner.id}`)).json();
      expect(thread.map((x: { id: number }) => x.id)).not.toContain(messageId);
    }
    const statement = await lastEmail(t.db, per.email!, 'moderation-decision');
    expect(statement?.textBody).toContain('Skäl: Meddelandet innehöll ett hot mot en annan medlem.');
    expect(statement?.textBody).toContain('Regel: 1. Var respektfull');
    expect(statement?.textBody).toContain('överklaga');
    expect(statement?.textBody).not.toContain('Anna');
    const outcome = await lastEmail(t.db, anna.email!, 'report-outcome');
    expect(outcome?.textBody).toContain('Vi har tagit bort innehållet.');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.decision'), eq(auditLog.targetId, String(reportId))));
    expect(audit).toMatchObject({ actorId: admin.id, details: { action: 'remove_content', ruleId: 1 } });
    const again = await mod.post(`/api/admin/reports/${reportId}/decision`, {
      action: 'dismiss',
      statement: 'Ändrade mig, inget brott',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(msg.reportAlreadyDecided);
    const queue = (await mod.get('/api/admin/reports?status=decided')).json();
    expect(queue.items.find((r: { id: number }) => r.id === reportId)).toMatchObject({
      contentRemoved: true,
      action: 'remove_content',
      decidedBy: { id: admin.id, name: 'Mona Moderator' },
    });
    expect(
      (
        await mod.post('/api/admin/reports/999999/decision', {
          action: 'dismiss',
          statement: 'Finns inte alls',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('dismissing tells the reporter and sends the member nothing', async () => {
    const { reportId } = await reportMessage('Vill du spela?');
    const before = (await emailsTo(t, per.email!, 'moderation-decision')).length;
    expect(
      (
        await mod.post(`/api/admin/reports/${reportId}/decision`, {
          action: 'dismiss',
          statement: 'En vanlig fråga, inget brott.',
        })
      ).statusCode,
    ).toBe(204);
    expect(await emailsTo(t, per.email!, 'moderation-decision')).toHaveLength(before);
    expect((await lastEmail(t.db, anna.email!, 'report-outcome'))?.textBody).toContain(
      'inte bryter mot våra villkor',
    );
  });

  it('removing an image stops serving it and takes it off the profile', async () => {
    const owner = await buildUser(t.db);
    const img = await insertImage(t.db, {
      originalData: Buffer.from('original'),
      thumbnailData: Buffer.from('thumb'),
      mimeType: 'image/webp',
      originalSize: 8,
      thumbnailSize: 5,
      width: 1,
      height: 1,
      entityType: 'user',
      entityId: owner.id,
      uploadedBy: owner.id,
    });
    await t.db.update(users).set({ profileImageId: img.id }).where(eq(users.id, owner.id));
    expect((await a.get(`/api/images/${img.id}/original`)).statusCode).toBe(200);
    const rep = await a.post('/api/reports', {
      targetType: 'image',
      targetId: img.id,
      reason: 'inappropriate',
    });
    expect(rep.statusCode).toBe(201);
    expect(
      (
        await mod.post(`/api/admin/reports/${rep.json().id}/decision`, {
          action: 'remove_content',
          statement: 'Bilden är olämplig för sidan.',
        })
      ).statusCode,
    ).toBe(204);
    expect((await a.get(`/api/images/${img.id}/original`)).statusCode).toBe(404);
    expect((await a.get(`/api/images/${img.id}/thumbnail`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row.profileImageId).toBeNull();
    const [stored] = await t.db
      .select({ removedAt: images.removedAt })
      .from(images)
      .where(eq(images.id, img.id));
    expect(stored.removedAt).not.toBeNull();
  });

  it('suspension closes the open socket at once, logs the member out, refuses login; reinstating lets them back', async () => {
    const b = await signUpAndVerify(t.app, t.db, {
      firstName: 'Sven',
      lastName: 'Spam',
      email: 'sven.suspend@example.se',
      password: 'bogey2024x',
    });
    const sven = (await b.request('GET', '/api/auth/user')).json();
    const socket = await joinedSocket(wsUrl, (await t.as({ id: sven.id })).cookie, sven.id);
    const rep = await a.post('/api/reports', { targetType: 'user', targetId: sven.id, reason: 'spam' });
    // An admin cannot be suspended.
    const adminReport = await a.post('/api/reports', {
      targetType: 'user',
      targetId: admin.id,
      reason: 'spam',
    });
    const refused = await mod.post(`/api/admin/reports/${adminReport.json().id}/decision`, {
      action: 'suspend',
      statement: 'Försök att stänga av en admin',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(msg.decisionCannotSuspendAdmin);

    const res = await mod.post(`/api/admin/reports/${rep.json().id}/decision`, {
      action: 'suspend',
      statement: 'Skickade reklam till många medlemmar.',
    });
    expect(res.statusCode).toBe(204);
    expect(await Promise.race([socket.closed, settle(2000).then(() => 'open')])).toBe(CLOSE_SESSION_ENDED);
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, sven.id));
    expect(row.suspendedAt).not.toBeNull();
    expect((await lastEmail(t.db, 'sven.suspend@example.se', 'moderation-decision'))?.textBody).toContain(
      'Ditt konto är avstängt',
    );

    const login = async () => {
      const lb = browser(t.app);
      const uid = await startLogin(lb);
      const done = await lb.go('POST', `/idp/interaction/${uid}/login`, {
        email: 'sven.suspend@example.se',
        password: 'bogey2024x',
      });
      return { url: done.url, user: (await lb.request('GET', '/api/auth/user')).statusCode };
    };
    const blocked = await login();
    expect(new URL(blocked.url).pathname).toBe('/avstangd');
    expect(blocked.user).toBe(401);

    const reinstated = await mod.post(`/api/admin/users/${sven.id}/reinstate`, {});
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json()).toEqual({ userId: sven.id, suspended: false });
    expect(await lastEmail(t.db, 'sven.suspend@example.se', 'account-reinstated')).toBeDefined();
    const back = await login();
    expect(new URL(back.url).pathname).toBe('/');
    expect(back.user).toBe(200);
    const twice = await mod.post(`/api/admin/users/${sven.id}/reinstate`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(msg.userNotSuspended);
    expect((await mod.post('/api/admin/users/nobody/reinstate', {})).statusCode).toBe(404);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.reinstate'), eq(auditLog.targetId, sven.id)));
    expect(logged).toHaveLength(1);
  });
});

describe('direct-message spam limit', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('refuses an 11th new conversation within the hour (429) but not replies, and flags near-same first messages', async () => {
    const spammer = await buildUser(t.db, { firstName: 'Sam', lastName: 'Spammare' });
    const s = await t.as(spammer);
    const friends = await Promise.all(Array.from({ length: 11 }, () => buildUser(t.db)));
    for (const [i, f] of friends.slice(0, 10).entries()) {
      const res = await s.post('/api/messages', {
        receiverId: f.id,
        content: `Hej! Köp billiga golfklubbor på example.com, rabattkod ${i}`,
      });
      expect(res.statusCode, `message ${i}`).toBe(201);
    }
    const over = await s.post('/api/messages', { receiverId: friends[10].id, content: 'Hej där' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(msg.newConversationLimit);
    expect(over.headers['retry-after']).toBeDefined();
    // Nothing stored for the refused one; writing again in a started conversation is fine.
    const stored = await t.db.select().from(messages).where(eq(messages.receiverId, friends[10].id));
    expect(stored).toEqual([]);
    expect(
      (await s.post('/api/messages', { receiverId: friends[0].id, content: 'Svarar du?' })).statusCode,
    ).toBe(201);
    // A member who was written to may answer, whatever the sender's limit.
    expect(
      (await (await t.as(friends[1])).post('/api/messages', { receiverId: spammer.id, content: 'Nej tack' }))
        .statusCode,
    ).toBe(201);

    const flags = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetUserId, spammer.id), eq(reports.reason, 'spam')));
    expect(flags).toHaveLength(1);
    expect(flags[0].reporterId).toBeNull();
    expect((flags[0].snapshot as { samples: string[] }).samples.length).toBeGreaterThanOrEqual(5);
    const admin = await t.as(await buildAdmin(t.db));
    const queue = (await admin.get('/api/admin/reports?status=open')).json();
    expect(queue.items.find((r: { id: number }) => r.id === flags[0].id)).toMatchObject({
      reporter: null,
      targetUser: { id: spammer.id },
    });
  });

  it('does not flag different first messages, and never limits admins', async () => {
    const member = await buildUser(t.db);
    const m = await t.as(member);
    const texts = [
      'Hej, spelar du på Bro Hof?',
      'Tack för rundan i lördags!',
      'Vilken klubb är du med i?',
      'Ses vi på resan till Spanien?',
      'Grattis till birdien!',
      'Har du bokat tid till helgen?',
    ];
    for (const content of texts) {
      expect(
        (await m.post('/api/messages', { receiverId: (await buildUser(t.db)).id, content })).statusCode,
      ).toBe(201);
    }
    expect(await t.db.select().from(reports).where(eq(reports.targetUserId, member.id))).toEqual([]);
    const admin = await buildAdmin(t.db);
    const ad = await t.as(admin);
    for (let i = 0; i < 12; i++) {
      expect(
        (
          await ad.post('/api/messages', {
            receiverId: (await buildUser(t.db)).id,
            content: 'Välkommen till Singelgolf!',
          })
        ).statusCode,
      ).toBe(201);
    }
  });
});
