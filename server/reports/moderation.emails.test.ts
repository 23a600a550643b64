import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../email/test-smtp';
import { until } from '../test/email-context';
import { buildAdmin, buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;

/**
 * The moderation e-mails as members receive them: the outbox job sends them over SMTP to a real
 * server in the test process, and the tests read the parsed messages (moderation.test.ts checks the
 * outbox rows; this file what arrives).
 */
describe('moderation e-mails delivered over SMTP', () => {
  let t: TestContext;
  let smtp: TestSmtpServer;
  let anna: User;
  let mod: TestClient;
  let a: TestClient;

  /** Waits for the one e-mail with this subject to this address, and answers it. */
  const delivered = async (to: string, subject: string): Promise<ReceivedMail> => {
    const matching = () =>
      smtp.received.filter((m) => m.envelopeTo.includes(to) && m.parsed.subject === subject);
    await until(() => matching().length > 0);
    expect(matching()).toHaveLength(1);
    return matching()[0];
  };
  const recipients = (m: ReceivedMail) =>
    m.parsed.to && !Array.isArray(m.parsed.to) ? m.parsed.to.value.map((x) => x.address) : [];

  /** Anna reports the member's profile and a moderator suspends them; answers the report's id. */
  const reportAndSuspend = async (member: User, statement: string): Promise<number> => {
    const report = await a.post('/api/reports', { targetType: 'user', targetId: member.id, reason: 'spam' });
    expect(report.statusCode).toBe(201);
    const decision = await mod.post(`/api/admin/reports/${report.json().id}/decision`, {
      action: 'suspend',
      statement,
    });
    expect(decision.statusCode).toBe(204);
    return report.json().id;
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestContext({ SMTP_URL: smtp.url }, { jobs: true });
    mod = await t.as(await buildAdmin(t.db, { firstName: 'Mona', lastName: 'Moderator' }));
    anna = await buildUser(t.db, {
      firstName: 'Anna',
      lastName: 'Anmälare',
      email: 'anna.anmalare@example.se',
    });
    a = await t.as(anna);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a suspension: the member gets the statement of reasons, the reporter the receipt and the outcome', async () => {
    const per = await buildUser(t.db, { firstName: 'Per', lastName: 'Plump', email: 'per.plump@example.se' });
    await reportAndSuspend(per, 'Skickade reklam till många medlemmar.');

    const receipt = await delivered('anna.anmalare@example.se', 'Vi har tagit emot din anmälan');
    expect(recipients(receipt)).toEqual(['anna.anmalare@example.se']);
    expect(receipt.parsed.text).toContain('Hej Anna!');
    expect(receipt.parsed.text).toContain('Den du anmält får inte veta vem som anmälde.');

    const decision = await delivered('per.plump@example.se', 'Beslut från Singelgolfs moderatorer');
    expect(recipients(decision)).toEqual(['per.plump@example.se']);
    const text = decision.parsed.text ?? '';
    expect(text).toContain('Hej Per!');
    expect(text).toContain(
      'Beslut: Ditt konto är avstängt. Du är utloggad och kan inte logga in medan avstängningen gäller.',
    );
    expect(text).toContain('Skäl: Skickade reklam till många medlemmar.');
    expect(text).toContain('överklaga');
    // The reporter is never named to the member concerned.
    expect(text).not.toContain('Anna');
    expect(decision.parsed.html).toContain('Ditt konto är avstängt');

    const outcome = await delivered('anna.anmalare@example.se', 'Beslut om din anmälan');
    expect(recipients(outcome)).toEqual(['anna.anmalare@example.se']);
    expect(outcome.parsed.text).toContain('Vi har stängt av medlemmen.');
    expect(outcome.parsed.text).not.toContain('Plump');
  });

  it('reinstating: the member gets the e-mail that the account is open again, with the login link', async () => {
    const sven = await buildUser(t.db, {
      firstName: 'Sven',
      lastName: 'Spam',
      email: 'sven.spam@example.se',
    });
    await reportAndSuspend(sven, 'Skickade samma reklam till alla.');
    await delivered('sven.spam@example.se', 'Beslut från Singelgolfs moderatorer');

    const res = await mod.post(`/api/admin/users/${sven.id}/reinstate`, {});
    expect(res.statusCode).toBe(200);
    const mail = await delivered('sven.spam@example.se', 'Ditt konto är öppnat igen');
    expect(recipients(mail)).toEqual(['sven.spam@example.se']);
    expect(mail.parsed.text).toContain('Hej Sven!');
    expect(mail.parsed.text).toContain('Avstängningen av ditt konto på Singelgolf är hävd');
    expect(mail.parsed.html).toContain(`href="${TEST_ORIGIN}/api/login"`);
  });
});
