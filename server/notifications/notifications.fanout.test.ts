import type { PushPayload } from '@common/schemas/notifications';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, notifications, outboundEmails } from '../db/schema';
import { enqueueEmail } from '../email/outbox';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../email/test-smtp';
import type { PushSender } from '../push/push.types';
import { sleep, until } from '../test/email-context';
import {
  buildAdmin,
  buildEvent,
  buildPro,
  buildRegistration,
  buildUser,
  eventFormPayload,
} from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';
import { registerDeliveryRule } from './delivery-rules';
import { createNotifications, NOTIFICATIONS_CHANNEL } from './notifications.create';
import { type FanoutContext, fanOutBatch, sendPushes } from './notifications.jobs';
import { unsubscribeKey } from './unsubscribe';

const FAR = new Date(Date.now() + 365 * 24 * 3600_000);

/** A real, minimal push sender of this test (H2's web push is tested in server/push/). */
function recordingPush(): PushSender & { sent: { userId: string; payload: PushPayload }[] } {
  const sent: { userId: string; payload: PushPayload }[] = [];
  return {
    publicKey: 'test',
    sent,
    async sendToUser(userId, payload) {
      sent.push({ userId, payload });
      return { delivered: 1, removed: 0 };
    },
  };
}

const mailsTo = (smtp: TestSmtpServer, to: string): ReceivedMail[] =>
  smtp.received.filter((m) => m.envelopeTo.includes(to));

describe('notification fan-out to e-mail and push', () => {
  let t: TestContext;
  let smtp: TestSmtpServer;
  let ctx: FanoutContext;
  let push: ReturnType<typeof recordingPush>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestContext({ SMTP_URL: smtp.url, EMAIL_RETRY_BASE_SECONDS: '0.5' }, { jobs: true });
    push = recordingPush();
    ctx = {
      db: t.db,
      mail: t.app.mail,
      unsubscribeKey: await unsubscribeKey(t.database),
      push: () => push,
      log: t.app.log,
    };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('e-mails a registration with List-Unsubscribe headers and the event as .ics; one click turns that type off', async () => {
    const member = await buildPro(t.db, { firstName: 'Greta' });
    const event = await buildEvent(t.db, { title: 'Vårrundan på Bro Hof' });
    const res = await (await t.as(member)).post(`/api/events/${event.id}/register`, {});
    expect(res.statusCode).toBe(201);
    await until(() => mailsTo(smtp, member.email!).length === 1);
    const mail = mailsTo(smtp, member.email!)[0].parsed;
    expect(mail.subject).toBe('Anmälan bekräftad: Vårrundan på Bro Hof');
    expect(mail.text).toContain('Hej Greta!');
    expect(mail.text).toContain(`${TEST_ORIGIN}/events/${event.id}`);
    // mailparser folds List-* headers into one object: read the raw header lines.
    const raw = mailsTo(smtp, member.email!)[0].raw.replace(/\r\n[ \t]+/g, '');
    const url = /^List-Unsubscribe:\s*<(http[^>]+)>\s*$/im.exec(raw)?.[1];
    expect(url).toMatch(
      new RegExp(`^${TEST_ORIGIN}/api/unsubscribe/[A-Za-z0-9_-]+\\.\\d+\\.[A-Za-z0-9_-]+$`),
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\s*$/im);
    expect(mail.html).toContain(url!);
    expect(mail.attachments).toHaveLength(1);
    const ics = mail.attachments[0];
    expect(ics.contentType).toBe('text/calendar');
    expect(ics.filename).toBe(`singelgolf-event-${event.id}.ics`);
    expect(ics.content.toString('utf8')).toContain('SUMMARY:Vårrundan på Bro Hof');

    // The mail program's one-click POST (no login, no Origin).
    const off = await t.app.inject({
      method: 'POST',
      url: new URL(url!).pathname,
      headers: { host: 'localhost:5000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    const prefs = (await (await t.as(member)).get('/api/notification-preferences')).json();
    expect(prefs.registration_confirmed).toEqual({ email: false, push: true });
    expect(prefs.waitlisted.email).toBe(true);
  });

  it('e-mails the first in line an offer of a freed place, with the link and the time to answer', async () => {
    const event = await buildEvent(t.db, {
      title: 'Höstresan till Halmstad',
      maxParticipants: 4,
      waitlistMode: 'offer',
      waitlistOfferHours: 24,
    });
    const day = 24 * 3600_000;
    const holders = [];
    for (let i = 0; i < 4; i++) {
      const holder = await buildPro(t.db);
      holders.push(holder);
      await buildRegistration(t.db, {
        eventId: event.id,
        userId: holder.id,
        registeredAt: new Date(Date.now() - day + i),
      });
    }
    const first = await buildPro(t.db, { firstName: 'Ingrid' });
    const second = await buildPro(t.db);
    for (const [i, u] of [first, second].entries()) {
      await buildRegistration(t.db, {
        eventId: event.id,
        userId: u.id,
        status: 'waitlisted',
        registeredAt: new Date(Date.now() - day + (i + 1) * 1000),
      });
    }
    expect((await (await t.as(holders[0])).delete(`/api/events/${event.id}/register`)).statusCode).toBe(200);

    await until(() => mailsTo(smtp, first.email!).length === 1);
    const mail = mailsTo(smtp, first.email!)[0].parsed;
    expect(mail.subject).toContain('Höstresan till Halmstad');
    expect(mail.text).toContain('Hej Ingrid!');
    expect(mail.text).toContain('Svara senast');
    expect(mail.text).toContain(`${TEST_ORIGIN}/events/${event.id}`);
    // Only the first in line is offered the place.
    await sleep(300);
    expect(mailsTo(smtp, second.email!)).toHaveLength(0);
  });

  it('sends account e-mails without List-Unsubscribe', async () => {
    const to = `konto-${Date.now()}@example.se`;
    await enqueueEmail(t.db, t.app.mail, {
      to,
      template: 'verify-email',
      props: { url: `${TEST_ORIGIN}/verify-email?token=x` },
    });
    await until(() => mailsTo(smtp, to).length === 1);
    const [mail] = mailsTo(smtp, to);
    expect(mail.parsed.subject).toBe('Bekräfta din e-postadress');
    expect(mail.raw).not.toMatch(/^List-Unsubscribe/im);
  });

  it('respects each member’s channels, the delivery rules and read deferred notices', async () => {
    const both = await buildUser(t.db);
    const pushOnly = await buildUser(t.db);
    const none = await buildUser(t.db);
    const readIt = await buildUser(t.db);
    const ruled = await buildUser(t.db);
    await t.db.insert(notificationPreferences).values([
      { userId: pushOnly.id, preferences: { promoted: { email: false } } },
      { userId: none.id, preferences: { promoted: { email: false, push: false } } },
    ]);
    registerDeliveryRule('payment_received', async () => ({ email: false, push: true }));
    const created = new Date(Date.now() - 60_000);
    const rows = await createNotifications(t.db, [
      ...[both, pushOnly, none].map((u) => ({
        userId: u.id,
        type: 'promoted' as const,
        title: `Plats för ${u.id}`,
        body: 'Du har fått en plats.',
        url: '/events/1',
        deliverAfter: FAR,
      })),
      {
        userId: readIt.id,
        type: 'event_changed',
        title: 'Läst redan',
        body: 'x',
        url: '/events/1',
        deliverAfter: FAR,
      },
      {
        userId: ruled.id,
        type: 'payment_received',
        title: 'Kvitto',
        body: 'x',
        url: '/profile',
        deliverAfter: FAR,
      },
    ]);
    const ids = rows.map((r) => r.id);
    // Created a minute ago and due now; the deferred one was read in the bell meanwhile.
    await t.db
      .update(notifications)
      .set({ createdAt: created, deliverAfter: new Date(Date.now() - 1000) })
      .where(inArray(notifications.id, ids));
    await t.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.userId, readIt.id));
    const result = await fanOutBatch(ctx, 100);
    await until(async () => {
      const left = await t.db.select().from(notifications).where(inArray(notifications.id, ids));
      return left.every((r) => r.deliveredAt);
    });
    // Whichever worker claimed them (this call or the app's own), the outcome is the same.
    await until(() => mailsTo(smtp, both.email!).length === 1);
    await sleep(300);
    expect(mailsTo(smtp, pushOnly.email!)).toHaveLength(0);
    expect(mailsTo(smtp, none.email!)).toHaveLength(0);
    expect(mailsTo(smtp, readIt.email!)).toHaveLength(0);
    expect(mailsTo(smtp, ruled.email!)).toHaveLength(0);
    if (result.claimed === ids.length) {
      expect(result.pushes.map((p) => p.userId).sort()).toEqual([both.id, pushOnly.id].sort());
      expect(result.pushes.find((p) => p.userId === both.id)?.payload).toEqual({
        id: rows[0].id,
        title: rows[0].title,
        body: rows[0].body,
        url: '/events/1',
      });
    }
  });

  it('never delivers one notice twice with two workers at once', async () => {
    const people = await Promise.all([buildUser(t.db), buildUser(t.db), buildUser(t.db)]);
    const drafts = people.flatMap((u) =>
      Array.from({ length: 8 }, (_, i) => ({
        userId: u.id,
        type: 'promoted' as const,
        title: `Dubbelkoll ${u.id} ${i}`,
        body: 'x',
        url: '/events/1',
        deliverAfter: FAR,
      })),
    );
    const rows = await createNotifications(t.db, drafts);
    const ids = rows.map((r) => r.id);
    await t.db.update(notifications).set({ deliverAfter: new Date() }).where(inArray(notifications.id, ids));
    const [a, b] = await Promise.all([fanOutBatch(ctx, 10), fanOutBatch(ctx, 10)]);
    const c = await fanOutBatch(ctx, 100);
    expect(a.claimed + b.claimed + c.claimed).toBeLessThanOrEqual(ids.length);
    const pushed = [...a.pushes, ...b.pushes, ...c.pushes].map((p) => p.payload.id);
    await sendPushes(ctx, [...a.pushes, ...b.pushes, ...c.pushes]);
    expect(push.sent).toHaveLength(pushed.length);
    expect(new Set(pushed).size).toBe(pushed.length);
    await until(() => people.every((u) => mailsTo(smtp, u.email!).length >= 8), 15_000);
    await sleep(500);
    for (const u of people) {
      const subjects = mailsTo(smtp, u.email!).map((m) => m.parsed.subject);
      expect(subjects).toHaveLength(8);
      expect(new Set(subjects).size).toBe(8);
    }
    const outbox = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboundEmails)
      .where(
        inArray(
          outboundEmails.recipient,
          people.map((u) => u.email!),
        ),
      );
    expect(Number(outbox[0].n)).toBe(24);
  });

  it('sends one e-mail for several edits within the window, with the latest text', async () => {
    const admin = await buildAdmin(t.db);
    const base = eventFormPayload({ maxParticipants: 4 });
    const created = await (await t.as(admin)).post('/api/events', base);
    const eventId = created.json().id as number;
    const member = await buildUser(t.db);
    await buildRegistration(t.db, { eventId, userId: member.id, status: 'registered' });
    const a = await t.as(admin);
    expect((await a.put(`/api/events/${eventId}`, { ...base, location: 'Båstad GK' })).statusCode).toBe(200);
    expect((await a.put(`/api/events/${eventId}`, { ...base, location: 'Torekov GK' })).statusCode).toBe(200);
    await sleep(300);
    expect(mailsTo(smtp, member.email!)).toHaveLength(0);
    // The window ends (as if 30 minutes passed): the fan-out is woken and sends one e-mail.
    await t.db
      .update(notifications)
      .set({ deliverAfter: new Date(Date.now() - 1000) })
      .where(eq(notifications.userId, member.id));
    await t.db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
    await until(() => mailsTo(smtp, member.email!).length === 1);
    await sleep(300);
    const mails = mailsTo(smtp, member.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.text).toContain('Torekov GK');
    expect(mails[0].parsed.text).not.toContain('Båstad GK');
  });
});
