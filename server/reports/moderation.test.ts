import type { AddressInfo } from 'node:net';
import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, images, messages, outboundEmails, reports, users } from '../db/schema';
import { insertImage } from '../images/images.queries';
import { CLOSE_SESSION_ENDED } from '../realtime/realtime.hub';
import { joinedSocket, settle } from '../realtime/test-socket';
import { browser, lastEmail, signUpAndVerify, startLogin } from '../test/browser';
import { buildAdmin, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;

const reportRow = async (t: TestContext, id: number) =>
  (await t.db.select().from(reports).where(eq(reports.id, id)))[0];

const emailsTo = (t: TestContext, to: string, template: string) =>
  t.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.recipient, to), eq(outboundEmails.template, template)));

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
