import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { startTestSmtpServer, type TestSmtpServer } from '../email/test-smtp';
import { sendDirectMessage } from '../messages/messages.service';
import { openSocket } from '../realtime/test-socket';
import { buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;

/** Direct message e-mails through the real fan-out job and SMTP (issue 13's rules, end to end). */
describe('direct message e-mails', () => {
  let t: TestContext;
  let smtp: TestSmtpServer;
  let wsUrl: string;
  let anna: User;

  const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));
  const fannedOut = async (userId: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
      if (rows.length > 0 && rows.every((r) => r.deliveredAt !== null)) return rows;
      if (Date.now() > deadline) throw new Error('the notice was not fanned out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Lets the fan-out and the sender run a little longer (for asserting that nothing arrives). */
  const settle = () => new Promise((r) => setTimeout(r, 1500));

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestContext({ SMTP_URL: smtp.url, NOTIFY_MESSAGE_DELAY_SECONDS: '0' }, { jobs: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    wsUrl = `ws://127.0.0.1:${address.port}/ws`;
    anna = await buildUser(t.db, { firstName: 'Anna' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('e-mails an offline receiver once for two messages within the hour', async () => {
    const bo = await buildUser(t.db, { firstName: 'Bo', email: 'bo@example.se' });
    const a = await t.as(anna);
    expect((await a.post('/api/messages', { receiverId: bo.id, content: 'Hej Bo!' })).statusCode).toBe(201);
    await smtp.waitFor(1, 10_000);
    expect(mailsTo('bo@example.se')).toHaveLength(1);
    expect(mailsTo('bo@example.se')[0].parsed.subject).toContain('Nytt meddelande från Anna');
    await a.post('/api/messages', { receiverId: bo.id, content: 'Ses på rangen?' });
    await settle();
    expect(mailsTo('bo@example.se')).toHaveLength(1);
  });

  it('sends no e-mail to a receiver who is online', async () => {
    const cilla = await buildUser(t.db, { firstName: 'Cilla', email: 'cilla@example.se' });
    const socket = await openSocket(wsUrl, { cookie: (await t.as(cilla)).cookie });
    await t.app.presence.settled();
    await (await t.as(anna)).post('/api/messages', { receiverId: cilla.id, content: 'Är du där?' });
    await fannedOut(cilla.id);
    await settle();
    expect(mailsTo('cilla@example.se')).toEqual([]);
    socket.close();
    await socket.closed;
  });

  it('sends no e-mail when the receiver read the message before the delay ran out', async () => {
    const dan = await buildUser(t.db, { firstName: 'Dan', email: 'dan@example.se' });
    // The notice's e-mail waits two seconds; Dan opens the thread first.
    await sendDirectMessage(
      t.db,
      anna,
      { receiverId: dan.id, content: 'Läs snabbt' },
      { noticeDelaySeconds: 2 },
    );
    expect((await (await t.as(dan)).get(`/api/messages/${anna.id}`)).statusCode).toBe(200);
    await fannedOut(dan.id);
    await settle();
    expect(mailsTo('dan@example.se')).toEqual([]);
  });
});
