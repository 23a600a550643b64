import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../db/schema';
import { ValidationError } from '../errors';
import { emailRow, sleep, until } from '../test/email-context';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';
import { enqueueEmail, linksIn } from './outbox';
import { type TemplateName, type TemplateProps, templateNames } from './templates/index';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from './test-smtp';

const url = (path: string) => `${TEST_ORIGIN}${path}`;

/** Props for every template, each link a distinct absolute URL under PUBLIC_URL. */
const sampleProps: { [K in TemplateName]: TemplateProps[K] } = {
  'verify-email': { url: url('/verify-email?token=v1') },
  'signup-existing': {
    firstName: 'Anna',
    loginUrl: url('/login'),
    resetUrl: url('/reset-password?from=signup'),
  },
  'password-reset': { firstName: 'Anna', url: url('/reset-password?token=r1') },
  'password-changed': { firstName: 'Anna', resetUrl: url('/reset-password?from=changed') },
  'login-locked': { firstName: 'Anna', minutes: 15, resetUrl: url('/reset-password?from=locked') },
  'email-change-confirm': {
    newEmail: 'ny@example.com',
    url: url('/confirm-email?token=c1'),
  },
  'email-change-notice': {
    firstName: 'Anna',
    newEmail: 'ny@example.com',
    cancelUrl: url('/cancel-email?token=x1'),
  },
  'email-changed': { firstName: 'Anna', newEmail: 'ny@example.com' },
  'email-in-use': {},
  'passkey-added': { firstName: 'Anna', passkeyName: 'Min telefon', securityUrl: url('/profile/security') },
  'pro-withdrawal': {
    firstName: 'Anna',
    withdrawnAt: '24 november 2026',
    purchasedAt: '20 november 2026',
    refundAmount: 99,
    amountPaid: 99,
  },
  'account-deleted': { firstName: 'Anna', date: '24 november 2026', endedPro: false },
  'report-received': {
    firstName: 'Anna',
    what: 'en profil',
    reasonLabel: 'Annat',
    receivedAt: '24 november 2026',
  },
  'report-outcome': { firstName: 'Anna', what: 'en profil', outcome: 'Vi har granskat.' },
  'moderation-decision': {
    firstName: 'Per',
    what: 'din profil',
    decision: 'Varning.',
    statement: 'Profilen bröt mot reglerna.',
    rule: null,
    decidedAt: '24 november 2026',
    appealAddress: 'moderering@example.com',
  },
  'account-reinstated': { firstName: 'Per', loginUrl: url('/api/login') },
  notification: {
    firstName: 'Anna',
    title: 'Anmälan bekräftad',
    body: 'Du är anmäld.',
    url: url('/events/1'),
    typeLabel: 'Anmälan bekräftad',
    unsubscribeUrl: url('/api/unsubscribe/a.b'),
    settingsUrl: url('/profile'),
  },
};

/** Every href of an HTML body. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

const byRecipient = (smtp: TestSmtpServer, to: string): ReceivedMail[] =>
  smtp.received.filter((m) => m.envelopeTo.includes(to));

describe('e-mail through the outbox to an SMTP server', () => {
  let t: TestContext;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestContext(
      { SMTP_URL: smtp.url, EMAIL_RETRY_BASE_SECONDS: '0.5', EMAIL_MAX_ATTEMPTS: '3' },
      { jobs: true },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers a queued e-mail with its subject, sender, recipient, Message-ID, text and HTML', async () => {
    const to = 'anna.andersson@example.com';
    const id = await t.db.transaction((tx) =>
      enqueueEmail(tx, t.app.mail, { to, template: 'verify-email', props: sampleProps['verify-email'] }),
    );
    const queued = await emailRow(t.db, id);
    expect(queued.status === 'queued' || queued.status === 'sending' || queued.status === 'sent').toBe(true);

    await until(() => byRecipient(smtp, to).length === 1);
    const [mail] = byRecipient(smtp, to);
    const m = mail.parsed;
    expect(m.subject).toBe('Bekräfta din e-postadress');
    expect(m.from?.value).toEqual([{ address: 'noreply@localhost', name: 'Singelgolf' }]);
    expect(mail.envelopeFrom).toBe('noreply@localhost');
    expect(m.to && !Array.isArray(m.to) ? m.to.value.map((a) => a.address) : []).toEqual([to]);
    expect(m.messageId).toBe(`<${id}@localhost>`);
    expect(m.date).toBeInstanceOf(Date);
    // Both parts, in Swedish, with the link written out in the text and as a button in the HTML.
    // No name: the address is not proven yet (issue 28).
    expect(m.text).toContain('Hej!');
    expect(m.text).toContain('Länken gäller i 24 timmar.');
    expect(m.text).toContain(url('/verify-email?token=v1'));
    expect(m.html).toBeTruthy();
    expect(hrefs(m.html as string)).toContain(url('/verify-email?token=v1'));
    expect(m.html).toContain('lang="sv"');
    expect(m.html).toContain('#2b8a3e');
    // Account e-mails carry no unsubscribe header.
    expect(m.headers.has('list-unsubscribe')).toBe(false);

    await until(async () => (await emailRow(t.db, id)).status === 'sent');
    const row = await emailRow(t.db, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('delivers every template with a Swedish subject and only absolute links under PUBLIC_URL', async () => {
    const to = 'alla.mallar@example.com';
    const ids = await t.db.transaction(async (tx) => {
      const out: Record<string, TemplateName> = {};
      for (const name of templateNames) {
        const id = await enqueueEmail(tx, t.app.mail, {
          to,
          template: name,
          props: sampleProps[name] as never,
        });
        out[id] = name;
      }
      return out;
    });
    await until(() => byRecipient(smtp, to).length === templateNames.length);
    for (const mail of byRecipient(smtp, to)) {
      const id = /^<([^@]+)@localhost>$/.exec(mail.parsed.messageId ?? '')?.[1] ?? '';
      const name = ids[id];
      expect(name, `Message-ID ${mail.parsed.messageId}`).toBeDefined();
      expect(mail.parsed.subject).toMatch(/[åäöÅÄÖ]|lösenord|konto|e-post/i);
      expect(mail.parsed.text?.trim()).toBeTruthy();
      const links = [...linksIn(mail.parsed.text ?? ''), ...hrefs(mail.parsed.html as string)];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${TEST_ORIGIN}/`), `${name}: ${link}`).toBe(true);
      // Every link the template was given is in both parts.
      for (const [key, value] of Object.entries(sampleProps[name])) {
        if (!/(^url|Url)$/.test(key)) continue;
        expect(mail.parsed.text, `${name}.${key} in text`).toContain(value as string);
        expect(hrefs(mail.parsed.html as string), `${name}.${key} in html`).toContain(value);
      }
    }
  });

  it('passes extra headers through (a later issue adds List-Unsubscribe this way)', async () => {
    const to = 'rubriker@example.com';
    await t.db.transaction((tx) =>
      enqueueEmail(tx, t.app.mail, {
        to,
        template: 'email-changed',
        props: sampleProps['email-changed'],
        headers: { 'List-Unsubscribe': `<${url('/unsubscribe?t=1')}>`, 'X-Singelgolf-Test': 'ja' },
      }),
    );
    await until(() => byRecipient(smtp, to).length === 1);
    const [mail] = byRecipient(smtp, to);
    expect(mail.raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:5000\/unsubscribe\?t=1>\r?$/m);
    expect(mail.parsed.headers.get('x-singelgolf-test')).toBe('ja');
  });

  it('writes nothing and sends nothing when the transaction that caused the e-mail rolls back', async () => {
    const to = 'aterstalld@example.com';
    let id = '';
    await expect(
      t.db.transaction(async (tx) => {
        id = await enqueueEmail(tx, t.app.mail, {
          to,
          template: 'password-reset',
          props: sampleProps['password-reset'],
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(id).not.toBe('');
    expect(await emailRow(t.db, id)).toBeUndefined();
    await sleep(1000);
    expect(byRecipient(smtp, to)).toHaveLength(0);
  });

  it('refuses an invalid recipient, a second address and header injection, writing nothing', async () => {
    const props = sampleProps['email-changed'];
    const before = (await t.db.select().from(outboundEmails)).length;
    for (const to of [
      'inte-en-adress',
      'anna@example.com\r\nBcc: evil@example.com',
      'anna@example.com, evil@example.com',
      'anna@example.com\n',
    ]) {
      await expect(enqueueEmail(t.db, t.app.mail, { to, template: 'email-changed', props })).rejects.toThrow(
        ValidationError,
      );
    }
    for (const headers of <Record<string, string>[]>[
      { Bcc: 'evil@example.com' },
      { 'Message-ID': '<x@y>' },
      { 'X-Ok': 'a\r\nBcc: evil@example.com' },
      { 'X-Bad Name': 'a' },
      { 'X-Ok\r\nBcc': 'a' },
    ]) {
      await expect(
        enqueueEmail(t.db, t.app.mail, { to: 'anna@example.com', template: 'email-changed', props, headers }),
      ).rejects.toThrow();
    }
    // A link outside the site is refused by the template check.
    await expect(
      enqueueEmail(t.db, t.app.mail, {
        to: 'anna@example.com',
        template: 'password-reset',
        props: { firstName: 'Anna', url: 'https://evil.example/reset' },
      }),
    ).rejects.toThrow(/absolute URL under/);
    expect((await t.db.select().from(outboundEmails)).length).toBe(before);
  });

  it('retries after the SMTP server refuses once, then delivers exactly once (attempts 2, last error kept)', async () => {
    const to = 'vagrad.en.gang@example.com';
    let refused = 0;
    smtp.onRecipient = (address) => {
      if (address === to && refused === 0) {
        refused++;
        return { code: 451, message: 'Tillfälligt fel, försök igen senare' };
      }
      return undefined;
    };
    const id = await t.db.transaction((tx) =>
      enqueueEmail(tx, t.app.mail, { to, template: 'password-reset', props: sampleProps['password-reset'] }),
    );
    await until(async () => (await emailRow(t.db, id)).attempts === 1 && refused === 1);
    await until(() => byRecipient(smtp, to).length === 1, 10_000);
    await until(async () => (await emailRow(t.db, id)).status === 'sent');
    await sleep(1500);
    expect(byRecipient(smtp, to)).toHaveLength(1);
    expect(refused).toBe(1);
    const row = await emailRow(t.db, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(row.lastError).toContain('451');
    expect(byRecipient(smtp, to)[0].parsed.messageId).toBe(`<${id}@localhost>`);
    smtp.onRecipient = undefined;
  });

  it('gives up as failed after the last attempt, with growing waits in between', async () => {
    const to = 'alltid.vagrad@example.com';
    const refusedAt: number[] = [];
    smtp.onRecipient = (address) => {
      if (address !== to) return undefined;
      refusedAt.push(Date.now());
      return { code: 452, message: 'Brevlådan är tillfälligt full' };
    };
    const id = await t.db.transaction((tx) =>
      enqueueEmail(tx, t.app.mail, { to, template: 'login-locked', props: sampleProps['login-locked'] }),
    );
    await until(async () => (await emailRow(t.db, id)).status === 'failed', 15_000);
    const row = await emailRow(t.db, id);
    expect(row.attempts).toBe(3);
    expect(row.lastError).toContain('452');
    expect(refusedAt).toHaveLength(3);
    // Base 0.5 s, then 4 × 0.5 s.
    expect(refusedAt[1] - refusedAt[0]).toBeGreaterThanOrEqual(450);
    expect(refusedAt[2] - refusedAt[1]).toBeGreaterThanOrEqual(1900);
    expect(byRecipient(smtp, to)).toHaveLength(0);
    smtp.onRecipient = undefined;
  });

  it('does not retry a recipient the server rejects for good (5xx)', async () => {
    const to = 'finns.inte@example.com';
    smtp.onRecipient = (address) =>
      address === to ? { code: 550, message: 'Ingen sådan brevlåda' } : undefined;
    const id = await t.db.transaction((tx) =>
      enqueueEmail(tx, t.app.mail, { to, template: 'email-changed', props: sampleProps['email-changed'] }),
    );
    await until(async () => (await emailRow(t.db, id)).status === 'failed');
    const row = await emailRow(t.db, id);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('550');
    smtp.onRecipient = undefined;
  });

  it('keeps each Message-ID unique per e-mail across many sent at once', async () => {
    const to = 'manga@example.com';
    const ids = await t.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 25; i++) {
        out.push(
          await enqueueEmail(tx, t.app.mail, {
            to,
            template: 'email-changed',
            props: sampleProps['email-changed'],
          }),
        );
      }
      return out;
    });
    await until(() => byRecipient(smtp, to).length >= 25, 15_000);
    await sleep(1000);
    const got = byRecipient(smtp, to).map((m) => m.parsed.messageId);
    expect(got).toHaveLength(25);
    expect(new Set(got)).toEqual(new Set(ids.map((id) => `<${id}@localhost>`)));
    const rows = await t.db.select().from(outboundEmails).where(inArray(outboundEmails.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
