import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { notificationPreferences, notifications } from '../db/schema';
import { startTestSmtpServer, type TestSmtpServer } from '../email/test-smtp';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const HOUR = 60 * 60 * 1000;

/**
 * Notices of a ride's conversation (issue 30), like an event's group chat digest: the other members of
 * the conversation, one notice per member and ride an hour, e-mail by their 'group_message' choice,
 * through the real fan-out job and SMTP.
 */
describe('ride conversation notices', () => {
  let t: TestContext;
  let smtp: TestSmtpServer;
  type Member = { user: UserRow; as: TestClient };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestContext({ SMTP_URL: smtp.url, NOTIFY_MESSAGE_DELAY_SECONDS: '0' }, { jobs: true });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  // The ride's own notices (a request, an accept) are e-mailed too: count only the conversation's.
  const mailsTo = (address: string) =>
    smtp.received.filter(
      (m) => m.envelopeTo.includes(address) && String(m.parsed.subject).includes('Samåkningen till'),
    );
  const waitForMail = async (address: string) => {
    const deadline = Date.now() + 10_000;
    while (mailsTo(address).length === 0) {
      if (Date.now() > deadline) throw new Error(`no e-mail to ${address}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const digestsOf = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'group_message')));
  const fannedOut = async (userId: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await digestsOf(userId);
      if (rows.length > 0 && rows.every((r) => r.deliveredAt !== null)) return rows;
      if (Date.now() > deadline) throw new Error('the notice was not fanned out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('tells the other members of the conversation once an hour, and e-mails only who chose it', async () => {
    const event = await buildEvent(t.db, { title: 'Höstresan' });
    const members: Member[] = [];
    for (const [firstName, email] of [
      ['Dag', 'dag@example.se'],
      ['Eva', 'eva@example.se'],
      ['Fred', 'fred@example.se'],
      ['Gun', 'gun@example.se'],
    ]) {
      const user = await buildUser(t.db, { firstName, email });
      await buildRegistration(t.db, { eventId: event.id, userId: user.id });
      members.push({ user, as: await t.as(user) });
    }
    const [dag, eva, fred, gun] = members;
    // Eva chose e-mail for group chats; Fred kept the defaults (in the app only).
    await t.db
      .insert(notificationPreferences)
      .values({ userId: eva.user.id, preferences: { group_message: { email: true } } });

    const ride = await dag.as.post(`/api/events/${event.id}/rides`, {
      kind: 'offer',
      from: 'Täby',
      departAt: new Date(event.startTime.getTime() - 2 * HOUR).toISOString(),
      seats: 3,
    });
    const id = ride.json().id as number;
    for (const m of [eva, fred, gun]) await m.as.post(`/api/rides/${id}/join`);
    for (const m of [eva, fred]) await dag.as.post(`/api/rides/${id}/passengers/${m.user.id}/accept`);

    // Gun only asked: she is not in the conversation and hears nothing of it.
    expect(
      (await dag.as.post(`/api/rides/${id}/messages`, { content: 'Vi åker 07.00 från Shell' })).statusCode,
    ).toBe(201);
    await fannedOut(eva.user.id);
    await fannedOut(fred.user.id);
    expect(await digestsOf(gun.user.id)).toEqual([]);
    expect(await digestsOf(dag.user.id)).toEqual([]);
    const [first] = await digestsOf(fred.user.id);
    expect(first).toMatchObject({
      title: 'Samåkningen till Höstresan',
      body: 'Nytt meddelande i samåkningen: Vi åker 07.00 från Shell',
      url: `/events/${event.id}#samakning`,
    });
    await waitForMail('eva@example.se');
    expect(mailsTo('eva@example.se')).toHaveLength(1);

    // Within the hour, further messages make no new notice and no second e-mail.
    await fred.as.post(`/api/rides/${id}/messages`, { content: 'Toppen' });
    await dag.as.post(`/api/rides/${id}/messages`, { content: 'Ta med regnkläder' });
    expect(await digestsOf(eva.user.id)).toHaveLength(1);
    expect(await digestsOf(fred.user.id)).toHaveLength(1);
    const [toDag] = await digestsOf(dag.user.id);
    expect(toDag.body).toBe('Nytt meddelande i samåkningen: Toppen');
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo('eva@example.se')).toHaveLength(1);
    expect(mailsTo('fred@example.se')).toEqual([]);
    expect(mailsTo('dag@example.se')).toEqual([]);
    expect(mailsTo('gun@example.se')).toEqual([]);
  });
});
