import { Writable } from 'node:stream';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { outboundEmails } from '../db/schema';
import { emailRow, secondConnection, sleep, startApp, until } from '../test/email-context';
import { TEST_ORIGIN } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';
import { EMAIL_SEND_QUEUE } from './email.jobs';
import { enqueueEmail, type MailSettings } from './outbox';
import { createEmailSender, type Delivery } from './sender';
import { renderEmail } from './templates/index';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp';

const props = { firstName: 'Bo', url: `${TEST_ORIGIN}/reset-password?token=abc123` };

/** Queues `n` password-reset e-mails to `to` in one transaction (as a feature would). */
async function queueMany(database: Database, mail: MailSettings, to: string, n: number): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++)
      ids.push(await enqueueEmail(tx, mail, { to, template: 'password-reset', props }));
    return ids;
  });
}

const messageIds = (smtp: TestSmtpServer, to: string) =>
  smtp.received.filter((m) => m.envelopeTo.includes(to)).map((m) => m.parsed.messageId);

describe('capture mode (no SMTP_URL)', () => {
  let database: Database;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  const lines: string[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await startApp(database, {}, { jobs: true, logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await smtp?.close();
  });

  it('keeps the e-mail as captured, sends nothing and logs recipient, subject and link', async () => {
    expect(app.mail.capture).toBe(true);
    const id = await database.db.transaction((tx) =>
      enqueueEmail(tx, app.mail, { to: 'bo@example.com', template: 'password-reset', props }),
    );
    const row = await emailRow(database.db, id);
    expect(row).toMatchObject({
      status: 'captured',
      recipient: 'bo@example.com',
      subject: 'Återställ ditt lösenord',
    });
    expect(row.textBody).toContain(props.url);
    expect(row.htmlBody).toContain('href="http://localhost:5000/reset-password?token=abc123"');

    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.emailId === id);
    expect(logged).toMatchObject({
      to: 'bo@example.com',
      subject: 'Återställ ditt lösenord',
      template: 'password-reset',
    });
    expect(logged.links).toContain(props.url);
    expect(logged.msg).toContain('captured');

    // The jobs run (the sweeper) yet nothing leaves the machine.
    await sleep(1500);
    expect(smtp.received).toHaveLength(0);
    expect((await emailRow(database.db, id)).status).toBe('captured');
  });
});

describe('the outbox across restarts, crashes and several instances', () => {
  let smtp: TestSmtpServer;
  let database: Database;
  const apps: FastifyInstance[] = [];
  const extra: Database[] = [];

  /** The rows of a raw statement (pg-boss's own tables). */
  const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const d of extra.splice(0)) await d.close();
    smtp.dataDelayMs = 0;
  });
  afterAll(async () => {
    await database?.close();
    await smtp?.close();
  });

  const env = () => ({ SMTP_URL: smtp.url, EMAIL_RETRY_BASE_SECONDS: '0.5' });

  it('sends e-mails queued while no instance ran once the next one starts (exactly once)', async () => {
    // App A has no running jobs (a server that stopped before sending): the rows wait in the outbox.
    const a = await startApp(database, env(), { jobs: false });
    apps.push(a);
    const to = 'fore.start@example.com';
    const ids = await queueMany(database, a.mail, to, 5);
    await sleep(300);
    expect(messageIds(smtp, to)).toHaveLength(0);
    await a.close();
    apps.length = 0;

    const b = await startApp(database, env());
    apps.push(b);
    await until(() => messageIds(smtp, to).length === 5);
    await sleep(1000);
    expect(new Set(messageIds(smtp, to))).toEqual(new Set(ids.map((id) => `<${id}@localhost>`)));
    expect(messageIds(smtp, to)).toHaveLength(5);
  });

  it('finishes what it holds when stopped mid-way; the next instance sends the rest, each exactly once', async () => {
    smtp.dataDelayMs = 300;
    const a = await startApp(database, env());
    apps.push(a);
    const to = 'mitt.i@example.com';
    const ids = await queueMany(database, a.mail, to, 12);
    await until(() => messageIds(smtp, to).length >= 1);
    await a.close();
    apps.length = 0;
    const afterA = messageIds(smtp, to).length;
    expect(afterA).toBeGreaterThanOrEqual(1);
    expect(afterA).toBeLessThan(12);
    // Nothing A held is left half-done: every row is sent or still queued.
    const rows = await database.db.select().from(outboundEmails).where(inArray(outboundEmails.id, ids));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(afterA);
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(12 - afterA);

    smtp.dataDelayMs = 0;
    const b = await startApp(database, env());
    apps.push(b);
    await until(() => messageIds(smtp, to).length === 12);
    await sleep(1000);
    const got = messageIds(smtp, to);
    expect(got).toHaveLength(12);
    expect(new Set(got)).toEqual(new Set(ids.map((id) => `<${id}@localhost>`)));
    const after = await database.db.select().from(outboundEmails).where(inArray(outboundEmails.id, ids));
    expect(after.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it("takes up a crashed worker's e-mail once its lease has run out, and leaves a live lease alone", async () => {
    const rendered = await renderEmail('password-reset', props, TEST_ORIGIN);
    const row = (recipient: string, lockedUntil: ReturnType<typeof sql>) => ({
      recipient,
      subject: rendered.subject,
      template: 'password-reset',
      textBody: rendered.text,
      htmlBody: rendered.html,
      status: 'sending' as const,
      attempts: 1,
      lockedUntil,
      nextAttemptAt: sql`now() - interval '20 minutes'`,
    });
    const [crashed, held] = await database.db
      .insert(outboundEmails)
      .values([
        row('kraschad@example.com', sql`now() - interval '1 minute'`),
        row('upptagen@example.com', sql`now() + interval '10 minutes'`),
      ])
      .returning({ id: outboundEmails.id });

    const app = await startApp(database, env());
    apps.push(app);
    await until(() => messageIds(smtp, 'kraschad@example.com').length === 1);
    await until(async () => (await emailRow(database.db, crashed.id)).status === 'sent');
    expect(await emailRow(database.db, crashed.id)).toMatchObject({ status: 'sent', attempts: 2 });
    await sleep(1000);
    expect(messageIds(smtp, 'upptagen@example.com')).toHaveLength(0);
    expect(await emailRow(database.db, held.id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('two instances sending from one database deliver each e-mail once', async () => {
    const second = await secondConnection(database);
    if (second !== database) extra.push(second);
    const a = await startApp(database, env());
    const b = await startApp(second, env());
    apps.push(a, b);
    const to = 'tva.instanser@example.com';
    // Both instances get the NOTIFY (PostgreSQL: each on its own LISTEN connection) and race for the rows.
    const ids = await queueMany(database, a.mail, to, 40);
    await until(() => messageIds(smtp, to).length >= 40, 20_000);
    await sleep(1500);
    const got = messageIds(smtp, to);
    expect(got).toHaveLength(40);
    expect(new Set(got).size).toBe(40);
    const rows = await database.db.select().from(outboundEmails).where(inArray(outboundEmails.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('leaves retries to the outbox: a failed send job is not retried by pg-boss, and e-mails are still sent once', async () => {
    const app = await startApp(database, env());
    apps.push(app);
    const [queue] = await rowsOf<{ retryLimit: number }>(
      sql`select retry_limit as "retryLimit" from pgboss.queue where name = ${EMAIL_SEND_QUEUE}`,
    );
    expect(queue.retryLimit).toBe(0);

    // A job whose handler throws fails at once and for good (its rows, if any, wait for the sweeper).
    await app.jobs.send(EMAIL_SEND_QUEUE, null as unknown as object, { singletonKey: 'broken' });
    await until(async () => {
      const jobs = await rowsOf<{ state: string; retryCount: number }>(
        sql`select state, retry_count as "retryCount" from pgboss.job
            where name = ${EMAIL_SEND_QUEUE} and singleton_key = 'broken'`,
      );
      return jobs.length === 1 && jobs[0].state === 'failed' && jobs[0].retryCount === 0;
    }, 30_000);
    // The outbox goes on sending, each e-mail once.
    const to = 'en.gang.till@example.com';
    const [id] = await queueMany(database, app.mail, to, 1);
    await until(() => messageIds(smtp, to).length === 1);
    await sleep(1000);
    expect(messageIds(smtp, to)).toEqual([`<${id}@localhost>`]);
    expect(await emailRow(database.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('of two senders given the same e-mails at the same time, each e-mail is claimed and sent by one', async () => {
    const second = await secondConnection(database);
    if (second !== database) extra.push(second);
    const app = await startApp(database, env(), { jobs: false });
    apps.push(app);
    const to = 'samtidigt@example.com';
    const ids = await queueMany(database, app.mail, to, 20);
    const opts = {
      smtpUrl: smtp.url,
      from: app.mail.from,
      publicUrl: TEST_ORIGIN,
      retryBaseSeconds: 1,
      maxAttempts: 3,
    };
    const one = createEmailSender(database.db, opts, app.log);
    const two = createEmailSender(second.db, opts, app.log);
    // One walks the list from the front, the other from the back: they meet in the middle.
    const [r1, r2] = await Promise.all([one.deliver(ids), two.deliver([...ids].reverse())]);
    one.close();
    two.close();
    const sent = (r: Delivery[]) => r.filter((d) => d.outcome === 'sent').map((d) => d.id);
    expect(sent(r1).length).toBeGreaterThan(0);
    expect(sent(r2).length).toBeGreaterThan(0);
    expect(sent(r1).length + sent(r2).length).toBe(20);
    expect(new Set([...sent(r1), ...sent(r2)])).toEqual(new Set(ids));
    expect([...r1, ...r2].filter((d) => d.outcome === 'skipped')).toHaveLength(20);
    expect(messageIds(smtp, to)).toHaveLength(20);
    expect(new Set(messageIds(smtp, to)).size).toBe(20);
  });
});
